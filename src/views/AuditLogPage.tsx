import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { AUDIT_RESULTS, AuditQuery, type AuditSummary, actorLabel, RANGE_MESSAGE } from '../domain/audit.ts'
import { toFieldErrors } from '../domain/common.ts'
import { formatDateTime } from '../domain/datetime.ts'
import { DATE_TIME_INPUT, dateTimeInputOf, parseDateTimeInput } from '../domain/datetime-input.ts'
import { PAGE_HEADINGS, pageDescription } from '../domain/page-headings.ts'
import { localTimeZone, timesNote } from '../domain/time-zone.ts'
import { actionLabel } from '../types/action-labels.ts'
import { resourceLabel } from '../types/labels.ts'
import { TYPE_CATALOGUE } from '../types/registry.ts'
import { typeLabelOf } from '../types/resource-routes.ts'
import { Button } from '../ui/Button.tsx'
import { DateTimeField } from '../ui/DateTimeField.tsx'
import { focusFirstInvalid } from '../ui/focus-invalid.ts'
import { Spinner } from '../ui/Spinner.tsx'
import { type Column, Table } from '../ui/Table.tsx'
import { inputClassName, TextField } from '../ui/TextField.tsx'
import { PageHeading } from './PageHeading.tsx'

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
  list: {
    status: 'loading' | 'error' | 'ready'
    rows: readonly AuditSummary[]
    total: number
    /**
     * The first row's place in the whole list, from 1, as the answer shown says (while a newer page is
     * read, the rows shown are still the previous page's); absent, it follows from `page` and `items`.
     */
    first?: number
    error?: string
  }
  /**
   * What the server's schema refuses in the URL's filters (a shared or typed link), by field: said on the
   * form's fields as an Apply would, and no entries are asked for until the filters are corrected.
   */
  refused?: Record<string, string> | undefined
  /** A newer page or filter is being read while the previous rows stay shown. */
  refreshing: boolean
  onApply: (filters: AuditFilterValues) => void
  onPage: (page: number) => void
  onRetry: () => void
  /** The entry's link around `children`, named `name` (aria-label), which begins with what `children` shows. */
  renderEntryLink: (publicId: string, children: ReactNode, name: string) => ReactNode
}

/** The resource types an entry may name, for the filter: every type of the registry, and invalidations. */
const RESOURCE_TYPES = [...TYPE_CATALOGUE.map((entry) => entry.type), 'purge']
const typeName = (type: string) => (type === 'purge' ? 'Invalidations' : typeLabelOf(type))

export function AuditTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={`${formatDateTime(iso)}, ${localTimeZone()} time`} className="tabular-nums">
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

function Filters({
  filters,
  refused = {},
  onApply,
}: {
  filters: AuditFilterValues
  refused?: Record<string, string> | undefined
  onApply: (filters: AuditFilterValues) => void
}) {
  // A list's refused value (result) is not kept: its select shows Any, which Apply then asks for.
  const [draft, setDraft] = useState<AuditFilterValues>(() =>
    Object.fromEntries(Object.entries(filters).filter(([key]) => !refused[key] || FIELDS_WITH_ERRORS.includes(key))),
  )
  // The times as typed (day-month-year, 24-hour, local): read into instants when applied. A time the URL
  // had that names no moment (or another one than it says) is shown as the URL wrote it, beside its error.
  const timeOf = (key: 'from' | 'to') =>
    refused[key] && refused[key] !== RANGE_MESSAGE ? (filters[key] ?? '') : dateTimeInputOf(filters[key], key === 'to')
  const [times, setTimes] = useState({ from: timeOf('from'), to: timeOf('to') })
  // The URL's refused filters are said on their fields from the start, without taking the focus.
  const [initialErrors] = useState(refused)
  const [errors, setErrors] = useState<Record<string, string>>(initialErrors)
  // A refused Apply puts the focus on the first field it refused, whose error (its description) is then read
  // out with it. When the focus is there already (Enter pressed in it), nothing moves and nothing would be
  // read: the live region says that error then, in a node of its own at each refusal (`refusals` its key),
  // so that the same refusal, Enter pressed again, is said again.
  const [said, setSaid] = useState({ refusals: 0, text: '' })
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (Object.keys(errors).length === 0 || errors === initialErrors) return
    const focused = document.activeElement
    const target = focusFirstInvalid(form.current)
    if (target === null || target !== focused) return
    // The field's error, the last of what describes it (TextField), as the focus moving would have read it.
    const error = document.getElementById(target.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')
    setSaid((previous) => ({ refusals: previous.refusals + 1, text: error?.textContent ?? '' }))
  }, [errors, initialErrors])
  // Said once: the live region's copy goes as the user changes a filter (browse mode would read it again).
  const unsay = () => setSaid((previous) => (previous.text ? { ...previous, text: '' } : previous))
  const set = (key: keyof AuditFilterValues) => (value: string) => {
    setDraft({ ...draft, [key]: value })
    unsay()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const from = parseDateTimeInput(times.from)
    // Inclusive: 'To 14:05' takes in what happened during 14:05.
    const to = parseDateTimeInput(times.to, true)
    if (from === null || to === null) {
      setErrors({
        ...(from === null ? { from: DATE_TIME_INPUT.message } : {}),
        ...(to === null ? { to: DATE_TIME_INPUT.message } : {}),
      })
      return
    }
    const next = { ...draft, from, to }
    // The server's own schema: what it would refuse is said here, on the field, before asking.
    const checked = v.safeParse(AuditQuery, next)
    if (!checked.success) {
      setErrors(Object.fromEntries(toFieldErrors(checked.issues).map((e) => [e.field, e.message])))
      return
    }
    setErrors({})
    unsay()
    onApply(next)
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
    <form ref={form} aria-label="Filters" onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
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
      <DateTimeField
        label="From"
        value={times.from}
        error={errors.from}
        onChange={(from) => {
          setTimes({ ...times, from })
          unsay()
        }}
      />
      <DateTimeField
        label="To"
        value={times.to}
        error={errors.to}
        onChange={(to) => {
          setTimes({ ...times, to })
          unsay()
        }}
      />
      <div className="flex items-end gap-2">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft({})
            setTimes({ from: '', to: '' })
            setErrors({})
            unsay()
            onApply({})
          }}
        >
          Clear
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {said.text && <span key={said.refusals}>{said.text}</span>}
      </p>
    </form>
  )
}

/** The fields a refusal is said on; one of another filter (a select) is said in the note. */
const FIELDS_WITH_ERRORS = ['actor', 'action', 'project', 'from', 'to']

function refusedNote(refused: Record<string, string>): string {
  const others = Object.entries(refused).filter(([field]) => !FIELDS_WITH_ERRORS.includes(field))
  const said = others.map(([field, message]) => `${field.replace('_', ' ')} ${message}`).join('; ')
  return `The filters in the address were not applied${said ? ` (${said})` : ''}: correct them and apply them to see the entries.`
}

/** /audit: every change and sign-in, newest first, filtered and paged on the server. */
export function AuditLogPage(props: AuditLogPageProps) {
  const { list, page, items } = props
  const pages = Math.max(1, Math.ceil(list.total / items))
  const first = list.first ?? (page - 1) * items + 1
  const columns: Column<AuditSummary>[] = [
    {
      id: 'time',
      header: 'Time',
      rowHeader: true,
      // Named by more than its time (entries of one second would share a name), by what no column says: its
      // place in the list, newest first (for screen readers only). The action and the actor have columns of
      // their own, which a screen reader reads with the row: in the link's name too, they were read twice.
      // The name is an aria-label, not an sr-only span after the time: Chromium put a space between the
      // two ('16:24:37 , entry 1 of 1'), the span being out of the text's flow.
      cell: (row) =>
        props.renderEntryLink(
          row.public_id,
          <AuditTime iso={row.occurred_at} />,
          `${formatDateTime(row.occurred_at)}, entry ${first + list.rows.indexOf(row)} of ${list.total}`,
        ),
    },
    { id: 'actor', header: 'Actor', cell: (row) => actorLabel(row.actor) },
    { id: 'action', header: 'Action', cell: (row) => actionLabel(row.action) },
    {
      id: 'resource',
      header: 'Resource',
      cell: (row) => (row.resource ? resourceLabel(row.resource.type, row.resource.name) : '—'),
    },
    { id: 'project', header: 'Project', cell: (row) => row.project ?? '—' },
    { id: 'result', header: 'Result', cell: (row) => <ResultBadge result={row.result} /> },
  ]
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title={PAGE_HEADINGS['/audit'].title}
        description={pageDescription('/audit', { times: timesNote() })}
      />
      {/* A new URL (a shared link, Back) brings its own filters into the form. */}
      <Filters
        key={JSON.stringify(props.filters)}
        filters={props.filters}
        refused={props.refused}
        onApply={props.onApply}
      />
      {props.refused ? (
        <p className="text-sm">{refusedNote(props.refused)}</p>
      ) : (
        list.status === 'loading' && <Spinner label="Loading the audit log…" />
      )}
      {!props.refused && list.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{`The audit log could not be loaded: ${list.error ?? 'unknown error'}`}</span>
          <Button variant="secondary" size="sm" onClick={props.onRetry}>
            Retry
          </Button>
        </div>
      )}
      {!props.refused && list.status === 'ready' && (
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
