import type { ReactNode } from 'react'
import { type AuditEntry, actorLabel, recordedChanges } from '../domain/audit.ts'
import { timesNote } from '../domain/time-zone.ts'
import { actionLabel } from '../types/action-labels.ts'
import { resourceLabel } from '../types/labels.ts'
import { AuditTime, ResultBadge } from './AuditLogPage.tsx'
import { FieldChangesTable } from './FieldChanges.tsx'
import { PageHeading } from './PageHeading.tsx'

export type AuditEntryPageProps = {
  entry: AuditEntry
  /** "Restore the state before this change", offered for a configuration resource's earlier state. */
  restoreAction?: ReactNode
  /** A link to the resource the entry names; called only while it still exists. */
  renderResourceLink: (type: string, name: string, project: string | null) => ReactNode
}

function Changes({ entry }: { entry: AuditEntry }) {
  if (!entry.changes) return <p>This entry records no change (a sign-in or a read).</p>
  const changes = recordedChanges(entry)
  if (changes.length === 0) return <p>This entry records no field values.</p>
  const { before, after } = entry.changes
  return (
    <FieldChangesTable
      type={entry.resource?.type ?? ''}
      changes={changes}
      labels={{
        before: before ? 'Before' : 'Before (none)',
        after: after ? 'After' : 'After (none)',
        caption: 'Fields the change set, before and after',
      }}
    />
  )
}

/** /audit-detail/{id}: who did what to which resource, and each field it changed, before and after. */
export function AuditEntryPage({ entry, renderResourceLink, restoreAction }: AuditEntryPageProps) {
  const { actor, resource } = entry
  const rows: [string, ReactNode][] = [
    ['Time', <AuditTime key="time" iso={entry.occurred_at} />],
    ['Action', actionLabel(entry.action)],
    ['Result', <ResultBadge key="result" result={entry.result} />],
    ['Actor', actorLabel(actor)],
    ['IP address', actor.ip ?? '—'],
    ['User agent', actor.user_agent || '—'],
    [
      'Resource',
      resource
        ? entry.resource_exists
          ? renderResourceLink(resource.type, resource.name, entry.project)
          : `${resourceLabel(resource.type, resource.name)} (no longer exists)`
        : '—',
    ],
    ['Project', entry.project ?? '—'],
  ]
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Audit entry" description={timesNote()} actions={restoreAction} />
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-400">Entry</dt>
          <dd className="break-all font-mono text-xs">{entry.public_id}</dd>
        </div>
      </dl>
      <section aria-labelledby="audit-changes" className="flex flex-col gap-2">
        <h2 id="audit-changes" className="text-lg font-semibold">
          Changes
        </h2>
        <Changes entry={entry} />
      </section>
    </div>
  )
}
