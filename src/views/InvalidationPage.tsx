import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import type { FieldError } from '../domain/common.ts'
import { formatDateTime } from '../domain/datetime.ts'
import {
  MAX_PURGE_TARGETS,
  type NodePurgeStatus,
  PURGE_TYPES,
  type PurgeRecord,
  type PurgeRequest,
  type PurgeStatus,
  type PurgeType,
} from '../domain/purge.ts'
import { flagOf } from '../domain/sync.ts'
import { timesNote } from '../domain/time-zone.ts'
import { Button } from '../ui/Button.tsx'
import { Flag } from '../ui/Flag.tsx'
import { focusFirstInvalid } from '../ui/focus-invalid.ts'
import { Spinner } from '../ui/Spinner.tsx'
import { type Column, Table } from '../ui/Table.tsx'
import { inputClassName } from '../ui/TextField.tsx'
import { PageHeading } from './PageHeading.tsx'

// Asked only before everything goes: the dialog's code loads then.
const PurgeAllDialog = lazy(() => import('./PurgeAllDialog.tsx'))

export type InvalidationDraftView = { type: PurgeType; text: string; soft: boolean }

export type InvalidationPageProps = {
  project: string
  draft: InvalidationDraftView
  errors: readonly FieldError[]
  /** Why the last request failed, or could not be followed. */
  message: string | null
  sending: boolean
  /** Asking before everything cached for the project goes. */
  confirming: boolean
  /** The request just sent, as last read: followed live while it runs. */
  current: PurgeRecord | null
  recent: { status: 'loading' | 'error' | 'ready'; rows: readonly PurgeRecord[]; total: number; error?: string }
  /** The user may send invalidations (wadp.purge.create). */
  canPurge: boolean
  onChange: (patch: Partial<InvalidationDraftView>) => void
  onSubmit: () => void
  onConfirm: () => void
  onCancel: () => void
  onAgain: (request: PurgeRequest) => void
  onRetryRecent: () => void
}

const TYPE_LABELS: Record<PurgeType, { label: string; hint: string; placeholder: string }> = {
  url: { label: 'URL', hint: 'Exact URLs', placeholder: 'https://shop.example.com/index.html' },
  prefix: { label: 'Prefix', hint: 'Everything under a URL', placeholder: 'https://shop.example.com/images/' },
  host: { label: 'Host', hint: 'Everything of a domain', placeholder: 'shop.example.com' },
  tag: { label: 'Tag', hint: 'Responses tagged with it', placeholder: 'product-42' },
  all: { label: 'All', hint: 'Everything of the project', placeholder: '' },
}

const PURGE_STATUS_LABELS: Record<PurgeStatus | NodePurgeStatus, string> = {
  queued: 'Queued',
  in_progress: 'In progress',
  completed: 'Completed',
  partial: 'Partial',
  failed: 'Failed',
}

const STATUS_TONES: Record<PurgeStatus | NodePurgeStatus, string> = {
  queued: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  in_progress: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  partial: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
}

function PurgeStatusBadge({ status }: { status: PurgeStatus | NodePurgeStatus }) {
  return (
    <span className={`inline-flex rounded px-2 py-0.5 text-xs font-medium ${STATUS_TONES[status]}`}>
      {PURGE_STATUS_LABELS[status]}
    </span>
  )
}

const nodeColumns: readonly Column<PurgeRecord['per_node'][number]>[] = [
  {
    id: 'node',
    header: 'Node',
    rowHeader: true,
    cell: (row) => (
      <span className="inline-flex items-center gap-2">
        <Flag code={flagOf(row.node)} />
        <span className="font-mono text-xs">{row.node}</span>
      </span>
    ),
  },
  { id: 'status', header: 'Status', cell: (row) => <PurgeStatusBadge status={row.status} /> },
  { id: 'at', header: 'Finished', cell: (row) => (row.at ? formatDateTime(row.at) : '—') },
  {
    id: 'source',
    header: 'Result from',
    // An edge agent node's own report (and its words), or the simulation's: never one for the other. A kind of
    // node the console does not know (another implementation of the API) by its own word.
    cell: (row) =>
      row.source === 'simulated' ? (
        'Simulated'
      ) : (
        <span className="flex flex-col">
          <span>{row.source === 'agent' ? 'Varnish node' : row.source}</span>
          {row.message && <span className="text-xs text-slate-600 dark:text-slate-400">{row.message}</span>}
        </span>
      ),
  },
]

/** What a request asked, in a few words: 'URL https://… and 2 more', 'All'. */
function describeRequest(request: Pick<PurgeRequest, 'type' | 'targets' | 'soft'>): string {
  const soft = request.soft ? ' (soft)' : ''
  if (request.type === 'all') return 'Everything'
  const [first, ...rest] = request.targets
  return `${TYPE_LABELS[request.type].label} ${first ?? ''}${rest.length > 0 ? ` and ${rest.length} more` : ''}${soft}`
}

/** `live`: the count is said as it moves (the last request's), the table under it is not read out at each change. */
function NodeResults({ record, caption, live }: { record: PurgeRecord; caption: string; live?: boolean }) {
  const done = record.per_node.filter((node) => node.status === 'completed').length
  return (
    <div className="flex flex-col gap-2">
      <p aria-live={live ? 'polite' : undefined} className="text-sm">
        {`${done} of ${record.per_node.length} nodes done.`}
        {record.status === 'partial' && ' A node in maintenance or unreachable could not apply it: purge again later.'}
      </p>
      <Table columns={nodeColumns} rows={record.per_node} rowKey={(row) => row.node} caption={caption} />
    </div>
  )
}

function RecentRow({
  record,
  canPurge,
  onAgain,
}: {
  record: PurgeRecord
  canPurge: boolean
  onAgain: (request: PurgeRequest) => void
}) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  return (
    <li className="rounded-md border border-slate-200 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          {open ? 'Hide nodes' : 'Show nodes'}
          <span className="sr-only"> of the invalidation of {formatDateTime(record.created_at)}</span>
        </Button>
        <span className="tabular-nums">{formatDateTime(record.created_at)}</span>
        <span className="min-w-0 flex-1 truncate font-mono text-xs" title={record.targets.join('\n')}>
          {describeRequest(record)}
        </span>
        <PurgeStatusBadge status={record.status} />
        <span className="text-slate-600 dark:text-slate-400">{record.created_by}</span>
        {canPurge && (
          <Button variant="secondary" size="sm" onClick={() => onAgain(record)}>
            Purge again<span className="sr-only"> the invalidation of {formatDateTime(record.created_at)}</span>
          </Button>
        )}
      </div>
      {open && (
        <div id={detailsId} className="border-t border-slate-200 p-3 dark:border-slate-800">
          <NodeResults record={record} caption={`Nodes of the invalidation of ${formatDateTime(record.created_at)}`} />
        </div>
      )}
    </li>
  )
}

/** The Invalidation page (issue 12): the request form, the live result of the last one, recent ones. */
export function InvalidationPage(props: InvalidationPageProps) {
  const { draft, errors, current, recent } = props
  const id = useId()
  const targetsError = errors
    .filter((error) => error.field === 'targets' || error.field.startsWith('targets.'))
    .map((error) => error.message)
  const softError = errors.find((error) => error.field === 'soft')?.message
  const otherErrors = errors.filter((error) => !error.field.startsWith('targets') && error.field !== 'soft')
  // A refused Invalidate puts the focus on the field it refused, whose error is then read out with it.
  const form = useRef<HTMLFormElement>(null)
  const submitted = useRef(false)
  useEffect(() => {
    if (!submitted.current || (errors.length === 0 && !props.sending)) return
    submitted.current = false
    focusFirstInvalid(form.current)
  }, [errors, props.sending])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    submitted.current = true
    if (!props.sending) props.onSubmit()
  }
  const type = TYPE_LABELS[draft.type]
  return (
    <>
      <PageHeading
        title="Invalidation"
        description={`Remove cached content from every node, so the next request goes to the origin. ${timesNote()}`}
      />
      {props.canPurge ? (
        <form ref={form} noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">What to invalidate</legend>
            <div className="flex flex-wrap gap-2">
              {PURGE_TYPES.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-checked:border-teal-600 has-checked:bg-teal-50 dark:border-slate-700 dark:has-checked:bg-teal-950"
                >
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={value}
                    checked={draft.type === value}
                    onChange={() => props.onChange({ type: value })}
                  />
                  <span>
                    <span className="font-medium">{TYPE_LABELS[value].label}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{TYPE_LABELS[value].hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {draft.type !== 'all' && (
            <>
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-targets`} className="text-sm font-medium">
                  Targets, one per line
                </label>
                <textarea
                  id={`${id}-targets`}
                  value={draft.text}
                  onChange={(event) => props.onChange({ text: event.target.value })}
                  placeholder={type.placeholder}
                  rows={6}
                  spellCheck={false}
                  aria-invalid={targetsError.length > 0 ? true : undefined}
                  aria-describedby={`${id}-targets-help${targetsError.length > 0 ? ` ${id}-targets-error` : ''}`}
                  className={`${inputClassName} font-mono text-sm`}
                />
                <p id={`${id}-targets-help`} className="text-sm text-slate-600 dark:text-slate-400">
                  {`Up to ${MAX_PURGE_TARGETS}. URLs and hosts must be domains of project ${props.project}; lines starting with # are left out.`}
                </p>
                {targetsError.length > 0 && (
                  <ul id={`${id}-targets-error`} className="text-sm text-red-700 dark:text-red-400">
                    {targetsError.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                )}
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={draft.soft}
                  onChange={(event) => props.onChange({ soft: event.target.checked })}
                  aria-describedby={`${id}-soft-help`}
                />
                Soft purge
              </label>
              <p id={`${id}-soft-help`} className="-mt-3 text-sm text-slate-600 dark:text-slate-400">
                Marks content stale instead of removing it: nodes may still serve it while they fetch a fresh copy.
                {softError && <span className="block text-red-700 dark:text-red-400">{softError}</span>}
              </p>
            </>
          )}
          {(props.message || otherErrors.length > 0) && (
            <div
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
            >
              {props.message ?? otherErrors.map((error) => error.message).join('; ')}
            </div>
          )}
          <div>
            <Button type="submit" busy={props.sending}>
              {props.sending ? 'Invalidating…' : draft.type === 'all' ? 'Invalidate everything' : 'Invalidate'}
            </Button>
          </div>
        </form>
      ) : (
        <p>You do not have permission to invalidate cached content in this project.</p>
      )}

      {current && (
        <section aria-labelledby={`${id}-current`} className="mt-8 flex max-w-3xl flex-col gap-2">
          <h2 id={`${id}-current`} className="flex items-center gap-3 text-lg font-semibold">
            Last request <PurgeStatusBadge status={current.status} />
          </h2>
          <p className="font-mono text-xs">{describeRequest(current)}</p>
          <NodeResults record={current} caption="Nodes of the last request" live />
        </section>
      )}

      <section aria-labelledby={`${id}-recent`} className="mt-8 flex max-w-5xl flex-col gap-2">
        <h2 id={`${id}-recent`} className="text-lg font-semibold">
          Recent invalidations
        </h2>
        {recent.status === 'loading' && <Spinner label="Loading recent invalidations…" />}
        {recent.status === 'error' && (
          <p className="flex items-center gap-3 text-sm">
            {`Recent invalidations could not be loaded: ${recent.error ?? 'unknown error'}`}
            <Button variant="secondary" size="sm" onClick={props.onRetryRecent}>
              Retry
            </Button>
          </p>
        )}
        {recent.status === 'ready' && recent.rows.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">No invalidation yet in this project.</p>
        )}
        {recent.status === 'ready' && recent.rows.length > 0 && (
          <ul className="flex flex-col gap-2">
            {recent.rows.map((record) => (
              <RecentRow key={record.name} record={record} canPurge={props.canPurge} onAgain={props.onAgain} />
            ))}
          </ul>
        )}
      </section>

      {props.confirming && (
        <Suspense fallback={null}>
          <PurgeAllDialog project={props.project} onConfirm={props.onConfirm} onCancel={props.onCancel} />
        </Suspense>
      )}
    </>
  )
}
