import type { FieldChange } from '../domain/audit.ts'
import { formatDateTime, isIsoTimestamp } from '../domain/datetime.ts'
import { fieldLabelOf } from '../types/field-names.ts'

/**
 * A field's value as people read it: a time in the console's convention, yes or no, a list joined, a
 * structure as JSON (its times too), a secret as hidden; never markup.
 */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—'
  if (value === '[redacted]') return 'hidden (secret)'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (isIsoTimestamp(value)) return formatDateTime(value)
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return value.length === 0 ? '—' : value.join(', ')
  return JSON.stringify(value, (_key, inner: unknown) => (isIsoTimestamp(inner) ? formatDateTime(inner) : inner), 2)
}

/** Each changed field by its label, its value on either side: `Requests 25 → 10`. */
export function FieldChangesTable({
  type,
  changes,
  labels,
}: {
  /** The API type whose form labels the fields. */
  type: string
  changes: readonly FieldChange[]
  labels: { before: string; after: string; caption: string }
}) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">{labels.caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className="px-3 py-2">
            Field
          </th>
          <th scope="col" className="px-3 py-2">
            {labels.before}
          </th>
          <th scope="col" className="px-3 py-2">
            <span aria-hidden="true">→ </span>
            {labels.after}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.path} className="border-b border-slate-100 align-top dark:border-slate-800">
            <th scope="row" className="px-3 py-2 font-medium">
              {fieldLabelOf(type, change.path)}
            </th>
            <td className="px-3 py-2">
              <pre className="whitespace-pre-wrap break-all font-sans">{showValue(change.before)}</pre>
            </td>
            <td className="px-3 py-2">
              <pre className="whitespace-pre-wrap break-all font-sans">{showValue(change.after)}</pre>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A change whose values are not shown (a secret, a long list): `note` says what there is to say. */
export type ListedChange = FieldChange | { path: string; note: string }

/** Changes as a list of sentences (`Penalty (s): 60 → 300`), for a line per resource in a longer report. */
export function FieldChangeList({ type, changes }: { type: string; changes: readonly ListedChange[] }) {
  return (
    <ul className="ml-4 list-[circle] text-slate-600 dark:text-slate-400">
      {changes.map((change) => (
        <li key={change.path} className="break-all">
          {`${fieldLabelOf(type, change.path)}: ${
            'note' in change ? change.note : `${showValue(change.before)} → ${showValue(change.after)}`
          }`}
        </li>
      ))}
    </ul>
  )
}
