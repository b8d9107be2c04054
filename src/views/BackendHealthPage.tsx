import { type BackendHealthRowData, windowSummary } from '../domain/backend-health.ts'
import { formatDateTime } from '../domain/datetime.ts'
import { timesNote } from '../domain/time-zone.ts'
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

/** "1.9 ms": a probe's average response time. */
const milliseconds = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`

/**
 * Who probed a backend: each Varnish node that reports it, in its own words (healthy or sick, its window,
 * its average response time), or "Simulated probes" while no edge agent node does (issue 24); a kind of node
 * the console does not know (another implementation of the API), by its own word.
 */
export function ProbedBy({ row }: { row: Pick<BackendHealthRowData, 'source' | 'nodes'> }) {
  if (row.source !== 'agent' && row.source !== 'simulated') return <span>{row.source}</span>
  if (row.source === 'simulated' || row.nodes.length === 0)
    return <span className="text-slate-600 dark:text-slate-400">Simulated probes</span>
  return (
    <ul className="flex flex-col gap-0.5">
      {row.nodes.map((node) => (
        <li key={node.node}>
          <span className="font-medium">{node.node}</span>
          {` (${node.source === 'agent' ? 'Varnish' : node.source}): ${node.healthy ? 'healthy' : 'sick'}, ${windowSummary(node.window).toLowerCase()}`}
          {node.average_response_ms !== null && `, ${milliseconds(node.average_response_ms)}`}
        </li>
      ))}
    </ul>
  )
}

const backendColumn: Column<BackendHealthRowData> = {
  id: 'backend',
  header: 'Backend',
  rowHeader: true,
  cell: (row) => row.backend,
  width: '16rem',
}
const whereColumns: Column<BackendHealthRowData>[] = [
  { id: 'project', header: 'Project', cell: (row) => row.project, width: '9rem' },
  { id: 'director', header: 'Director', cell: (row) => row.director, width: '10rem' },
]
const healthColumns: Column<BackendHealthRowData>[] = [
  { id: 'health', header: 'Health', cell: (row) => <HealthBadge healthy={row.healthy} />, width: '7rem' },
  { id: 'probed', header: 'Probed by', cell: (row) => <ProbedBy row={row} />, width: '16rem' },
  { id: 'check', header: 'Last check', cell: (row) => <Time iso={row.last_check_at} />, width: '10rem' },
  { id: 'change', header: 'Last change', cell: (row) => <Time iso={row.last_change_at} />, width: '10rem' },
  { id: 'window', header: 'Recent probes', cell: (row) => <ProbeWindow window={row.window} />, width: '12rem' },
]
const columns = [backendColumn, ...whereColumns, ...healthColumns]

/**
 * One director's backends and their health (its detail page, issue 24): the page's columns without the
 * project and director it is about.
 */
export function DirectorBackendHealth(props: {
  director: string
  status: 'loading' | 'error' | 'ready'
  rows: readonly BackendHealthRowData[]
  error?: string | undefined
  onRetry: () => void
}) {
  return (
    <section aria-labelledby="director-backend-health" className="mt-6 flex flex-col gap-2">
      <h2 id="director-backend-health" className="text-lg font-semibold">
        Backend health
      </h2>
      {props.status === 'loading' && <Spinner label="Loading backend health…" />}
      {props.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p>{props.error ?? 'Backend health could not be loaded.'}</p>
          <Button variant="secondary" size="sm" onClick={props.onRetry}>
            Retry
          </Button>
        </div>
      )}
      {props.status === 'ready' && (
        <Table
          caption={`The backends of director ${props.director} and their probes`}
          columns={[backendColumn, ...healthColumns]}
          rows={props.rows}
          rowKey={(row) => row.backend}
          empty="This director has no backend."
        />
      )}
    </section>
  )
}

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
        description={`Varnish nodes report their own probes of every director backend; where none runs, the platform simulates them. This page reads the results again while it is open. ${timesNote()}`}
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
