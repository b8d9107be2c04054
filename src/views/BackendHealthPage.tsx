import { type BackendHealthRowData, windowSummary } from '../domain/backend-health.ts'
import { formatDateTime } from '../domain/datetime.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { type Column, Table } from '../ui/Table.tsx'
import { inputClassName } from '../ui/TextField.tsx'
import { PageHeading } from './PageHeading.tsx'

export type BackendHealthPageProps = {
  project: string
  director: string
  projects: readonly string[]
  directors: readonly string[]
  status: 'loading' | 'error' | 'ready'
  rows: readonly BackendHealthRowData[]
  error?: string | undefined
  /** A newer answer is on its way; the rows shown are the last one's. */
  refreshing: boolean
  onFilter: (filters: { project: string; director: string }) => void
  onRetry: () => void
}

function Time({ iso }: { iso: string | null }) {
  if (!iso) return <span>—</span>
  return (
    <time dateTime={iso} title={iso} className="tabular-nums">
      {formatDateTime(iso)}
    </time>
  )
}

/** Healthy or not in words, the colour only repeating them. */
export function HealthBadge({ healthy }: { healthy: boolean }) {
  const tone = healthy
    ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
    : 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200'
  return (
    <span className={`inline-flex rounded px-2 py-0.5 text-xs font-medium ${tone}`}>
      {healthy ? 'Healthy' : 'Unhealthy'}
    </span>
  )
}

/** The latest probe results, oldest first, as a row of marks read out as "8 of 10 probes passed". */
export function ProbeWindow({ window }: { window: readonly boolean[] }) {
  const summary = windowSummary(window)
  if (window.length === 0) return <span>{summary}</span>
  return (
    <span role="img" aria-label={summary} title={summary} className="inline-flex gap-0.5 font-mono">
      {window.map((passed, index) => (
        <span
          // The marks never reorder: each is the probe at that place in the window.
          // biome-ignore lint/suspicious/noArrayIndexKey: positions in a fixed window
          key={index}
          className={passed ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}
        >
          {passed ? '✓' : '✗'}
        </span>
      ))}
    </span>
  )
}

const columns: Column<BackendHealthRowData>[] = [
  { id: 'backend', header: 'Backend', rowHeader: true, cell: (row) => row.backend, width: '16rem' },
  { id: 'project', header: 'Project', cell: (row) => row.project, width: '9rem' },
  { id: 'director', header: 'Director', cell: (row) => row.director, width: '10rem' },
  { id: 'health', header: 'Health', cell: (row) => <HealthBadge healthy={row.healthy} />, width: '7rem' },
  { id: 'check', header: 'Last check', cell: (row) => <Time iso={row.last_check_at} />, width: '10rem' },
  { id: 'change', header: 'Last change', cell: (row) => <Time iso={row.last_change_at} />, width: '10rem' },
  { id: 'window', header: 'Recent probes', cell: (row) => <ProbeWindow window={row.window} />, width: '12rem' },
]

/** Backend Health (Admin): every director backend's probes, filtered by project and director. */
export function BackendHealthPage(props: BackendHealthPageProps) {
  const select = (label: string, value: string, options: readonly string[], onChange: (value: string) => void) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select
        className={inputClassName}
        value={value}
        disabled={label === 'Director' && props.project === ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <>
      <PageHeading
        title="Backend Health"
        description="The platform probes every director backend; this page reads their results again while it is open."
      />
      <form aria-label="Filters" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {select('Project', props.project, props.projects, (project) => props.onFilter({ project, director: '' }))}
        {select('Director', props.director, props.directors, (director) =>
          props.onFilter({ project: props.project, director }),
        )}
      </form>
      {props.status === 'loading' && <Spinner label="Loading backend health…" />}
      {props.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p>{props.error ?? 'Backend health could not be loaded.'}</p>
          <Button variant="secondary" onClick={props.onRetry}>
            Retry
          </Button>
        </div>
      )}
      {props.status === 'ready' && (
        <div aria-busy={props.refreshing}>
          {props.error && (
            <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
              {`${props.error} The rows below are from the last answer.`}
            </p>
          )}
          <Table
            caption="Director backends and their probes"
            columns={columns}
            rows={props.rows}
            rowKey={(row) => `${row.project}/${row.director}/${row.backend}`}
            empty={
              props.project || props.director
                ? 'No director backend matches these filters.'
                : 'No director has a backend yet.'
            }
          />
        </div>
      )}
    </>
  )
}
