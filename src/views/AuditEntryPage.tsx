import type { ReactNode } from 'react'
import { type AuditEntry, changedKeys } from '../domain/audit.ts'
import { AuditTime, actorLabel, ResultBadge } from './AuditLogPage.tsx'
import { PageHeading } from './PageHeading.tsx'

export type AuditEntryPageProps = {
  entry: AuditEntry
  /** "Restore this version", offered for a configuration resource's earlier state. */
  restoreAction?: ReactNode
  /** A link to the resource the entry names; called only while it still exists. */
  renderResourceLink: (type: string, name: string, project: string | null) => ReactNode
}

const asObject = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null

/** A field's value as text: JSON for structures, never markup. */
function show(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  return JSON.stringify(value, null, 2)
}

/** Two versions side by side, one row per field, the changed ones marked. */
export function ChangesTable({
  before,
  after,
  labels = {
    before: 'Before',
    after: 'After',
    caption: 'Fields before and after the change; changed fields are marked',
  },
}: {
  before: unknown
  after: unknown
  labels?: { before: string; after: string; caption: string }
}) {
  const a = asObject(before)
  const b = asObject(after)
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])].sort()
  const changed = new Set(changedKeys(before, after))
  if (keys.length === 0) return <p>This entry records no field values.</p>
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">{labels.caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className="px-3 py-2">
            Field
          </th>
          <th scope="col" className="px-3 py-2">
            {a ? labels.before : `${labels.before} (none)`}
          </th>
          <th scope="col" className="px-3 py-2">
            {b ? labels.after : `${labels.after} (none)`}
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => {
          const isChanged = a !== null && b !== null && changed.has(key)
          return (
            <tr
              key={key}
              className={`border-b border-slate-100 align-top dark:border-slate-800 ${
                isChanged ? 'bg-amber-50 dark:bg-amber-950/40' : ''
              }`}
            >
              <th scope="row" className="px-3 py-2 font-mono text-xs">
                {key}
                {isChanged && <span className="ml-2 font-sans text-amber-900 dark:text-amber-200">changed</span>}
              </th>
              <td className="px-3 py-2">
                <pre className="whitespace-pre-wrap break-all font-mono text-xs">{a ? show(a[key]) : ''}</pre>
              </td>
              <td className="px-3 py-2">
                <pre className="whitespace-pre-wrap break-all font-mono text-xs">{b ? show(b[key]) : ''}</pre>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** /audit-detail/{id}: who did what to which resource, and the resource before and after. */
export function AuditEntryPage({ entry, renderResourceLink, restoreAction }: AuditEntryPageProps) {
  const { actor, resource } = entry
  const rows: [string, ReactNode][] = [
    ['Time', <AuditTime key="time" iso={entry.occurred_at} />],
    [
      'Action',
      <span key="action" className="font-mono">
        {entry.action}
      </span>,
    ],
    ['Result', <ResultBadge key="result" result={entry.result} />],
    ['Actor', actorLabel(actor)],
    ['IP address', actor.ip ?? '—'],
    ['User agent', actor.user_agent || '—'],
    [
      'Resource',
      resource
        ? entry.resource_exists
          ? renderResourceLink(resource.type, resource.name, entry.project)
          : `${resource.type} ${resource.name} (no longer exists)`
        : '—',
    ],
    ['Project', entry.project ?? '—'],
  ]
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Audit entry" description={entry.public_id} actions={restoreAction} />
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="audit-changes" className="flex flex-col gap-2">
        <h2 id="audit-changes" className="text-lg font-semibold">
          Changes
        </h2>
        {entry.changes ? (
          <ChangesTable before={entry.changes.before} after={entry.changes.after} />
        ) : (
          <p>This entry records no change (a sign-in or a read).</p>
        )}
      </section>
    </div>
  )
}
