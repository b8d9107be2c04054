import { type FormEvent, type ReactNode, useState } from 'react'
import * as v from 'valibot'
import { AUDIT_RESULTS, AuditQuery, type AuditSummary } from '../domain/audit.ts'
import { toFieldErrors } from '../domain/common.ts'
import { TYPE_CATALOGUE } from '../types/registry.ts'
import { typeLabelOf } from '../types/resource-routes.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { type Column, Table } from '../ui/Table.tsx'
import { inputClassName, TextField } from '../ui/TextField.tsx'
import { PageHeading } from './PageHeading.tsx'
import { formatDateTime } from './resources/format.tsx'

/** The filters as the URL keeps them: ISO times, empty or absent for none. */
export type AuditFilterValues = {
  actor?: string | undefined
  action?: string | undefined
  resource_type?: string | undefined
  project?: string | undefined
  result?: string | undefined
  from?: string | undefined
  to?: string | undefined
}

export type AuditLogPageProps = {
  filters: AuditFilterValues
  page: number
  items: number
  list: { status: 'loading' | 'error' | 'ready'; rows: readonly AuditSummary[]; total: number; error?: string }
  /** A newer page or filter is being read while the previous rows stay shown. */
  refreshing: boolean
  onApply: (filters: AuditFilterValues) => void
  onPage: (page: number) => void
  onRetry: () => void
  renderEntryLink: (publicId: string, children: ReactNode) => ReactNode
}

/** The resource types an entry may name, for the filter: every type of the registry, and invalidations. */
const RESOURCE_TYPES = [...TYPE_CATALOGUE.map((entry) => entry.type), 'purge']
const typeName = (type: string) => (type === 'purge' ? 'Invalidations' : typeLabelOf(type))

/** An ISO time as a `datetime-local` value in the browser's zone, and back. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19)
}
export function fromLocalInput(local: string): string {
  if (local === '') return ''
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? local : date.toISOString()
}

export function actorLabel(actor: AuditSummary['actor']): string {
  if (actor.type === 'system') return 'System'
  if (actor.email) return actor.type === 'token' ? `${actor.email} (token ${actor.token_prefix ?? ''}…)` : actor.email
  return actor.token_prefix ? `Token ${actor.token_prefix}…` : 'Unknown'
}

export function AuditTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso} className="tabular-nums">
      {formatDateTime(iso)}
    </time>
  )
}

export function ResultBadge({ result }: { result: AuditSummary['result'] }) {
  const tone =
    result === 'success'
      ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
      : 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200'
  return (
    <span className={`inline-flex rounded px-2 py-0.5 text-xs font-medium ${tone}`}>
      {result === 'success' ? 'Success' : 'Failure'}
    </span>
  )
}

function Filters({ filters, onApply }: { filters: AuditFilterValues; onApply: (filters: AuditFilterValues) => void }) {
  const [draft, setDraft] = useState<AuditFilterValues>(filters)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (key: keyof AuditFilterValues) => (value: string) => setDraft({ ...draft, [key]: value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The server's own schema: what it would refuse is said here, on the field, before asking.
    const checked = v.safeParse(AuditQuery, draft)
    if (!checked.success) {
      setErrors(Object.fromEntries(toFieldErrors(checked.issues).map((e) => [e.field, e.message])))
      return
    }
    setErrors({})
    onApply(draft)
  }
  const select = (label: string, key: keyof AuditFilterValues, options: [string, string][]) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select className={inputClassName} value={draft[key] ?? ''} onChange={(event) => set(key)(event.target.value)}>
        <option value="">Any</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <form aria-label="Filters" onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <TextField
        label="Actor"
        placeholder="e-mail or token prefix"
        value={draft.actor ?? ''}
        error={errors.actor}
        onChange={(event) => set('actor')(event.target.value)}
      />
      <TextField
        label="Action"
        placeholder="websites.create or websites.*"
        value={draft.action ?? ''}
        error={errors.action}
        onChange={(event) => set('action')(event.target.value)}
      />
      {select(
        'Resource type',
        'resource_type',
        RESOURCE_TYPES.map((type) => [type, typeName(type)]),
      )}
      <TextField
        label="Project"
        placeholder="shop"
        value={draft.project ?? ''}
        error={errors.project}
        onChange={(event) => set('project')(event.target.value)}
      />
      {select(
        'Result',
        'result',
        AUDIT_RESULTS.map((result) => [result, result === 'success' ? 'Success' : 'Failure']),
      )}
      <TextField
        label="From"
        type="datetime-local"
        step={1}
        value={toLocalInput(draft.from)}
        error={errors.from}
        onChange={(event) => set('from')(fromLocalInput(event.target.value))}
      />
      <TextField
        label="To"
        type="datetime-local"
        step={1}
        value={toLocalInput(draft.to)}
        error={errors.to}
        onChange={(event) => set('to')(fromLocalInput(event.target.value))}
      />
      <div className="flex items-end gap-2">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft({})
            setErrors({})
            onApply({})
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  )
}

/** /audit: every change and sign-in, newest first, filtered and paged on the server. */
export function AuditLogPage(props: AuditLogPageProps) {
  const { list, page, items } = props
  const pages = Math.max(1, Math.ceil(list.total / items))
  const columns: Column<AuditSummary>[] = [
    {
      id: 'time',
      header: 'Time',
      rowHeader: true,
      cell: (row) => props.renderEntryLink(row.public_id, <AuditTime iso={row.occurred_at} />),
    },
    { id: 'actor', header: 'Actor', cell: (row) => actorLabel(row.actor) },
    { id: 'action', header: 'Action', cell: (row) => <span className="font-mono text-xs">{row.action}</span> },
    {
      id: 'resource',
      header: 'Resource',
      cell: (row) => (row.resource ? `${typeName(row.resource.type)}: ${row.resource.name}` : '—'),
    },
    { id: 'project', header: 'Project', cell: (row) => row.project ?? '—' },
    { id: 'result', header: 'Result', cell: (row) => <ResultBadge result={row.result} /> },
  ]
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Audit Log"
        description="Every change and every sign-in, newest first. Times are your local time."
      />
      {/* A new URL (a shared link, Back) brings its own filters into the form. */}
      <Filters key={JSON.stringify(props.filters)} filters={props.filters} onApply={props.onApply} />
      {list.status === 'loading' && <Spinner label="Loading the audit log…" />}
      {list.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{`The audit log could not be loaded: ${list.error ?? 'unknown error'}`}</span>
          <Button variant="secondary" size="sm" onClick={props.onRetry}>
            Retry
          </Button>
        </div>
      )}
      {list.status === 'ready' && (
        <>
          <Table
            columns={columns}
            rows={list.rows}
            rowKey={(row) => row.public_id}
            caption="Audit entries, newest first"
            empty="No entry matches these filters."
            className={props.refreshing ? 'opacity-60' : ''}
          />
          <nav aria-label="Pages of the audit log" className="flex items-center gap-3 text-sm">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
              Newer
            </Button>
            <span className="tabular-nums">{`Page ${page} of ${pages} (${list.total} entries)`}</span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => props.onPage(page + 1)}>
              Older
            </Button>
          </nav>
        </>
      )}
    </div>
  )
}
