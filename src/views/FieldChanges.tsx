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

/** The fields named beside the restore button; the dialog lists them all. */
const NAMED = 3

/**
 * What the "Restore the state before this change" button says beside it: the values it puts back, or
 * why there is nothing to restore.
 */
export function restoreNote(state: {
  type: string
  subject: string
  /** The fields that would change; null until the current state is read. */
  changes: readonly FieldChange[] | null
  /** Whether the resource exists now. */
  exists: boolean
  pending: boolean
  /** Why the current state could not be read. */
  error: string | null
}): string {
  const { type, subject, changes } = state
  if (state.pending) return 'Comparing with the current state…'
  if (state.error !== null) return `The current state could not be read: ${state.error}`
  if (changes === null || changes.length === 0)
    return `Nothing to restore: ${subject} already has the values it had before this change.`
  if (!state.exists) return `${subject} no longer exists: restoring creates it again.`
  const named = changes
    .slice(0, NAMED)
    .map((change) => `${fieldLabelOf(type, change.path)} ${showValue(change.after)} (now ${showValue(change.before)})`)
    .join('; ')
  return `Puts back ${named}${changes.length > NAMED ? ` and ${changes.length - NAMED} more` : ''}.`
}
