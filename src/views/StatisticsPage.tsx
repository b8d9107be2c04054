import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { DATE_TIME_INPUT, dateTimeInputOf, parseDateTimeInput } from '../domain/datetime-input.ts'
import { formatCompact, formatNumber } from '../domain/numbers.ts'
import { PAGE_HEADINGS, pageDescription } from '../domain/page-headings.ts'
import { parseRangeEnd } from '../domain/range-end.ts'
import { customRangeProblem, type StatsMetric, type StatsResult, type StatsViewError } from '../domain/stats.ts'
import {
  STATS_GRANULARITIES,
  STATS_GROUPS,
  type StatisticsView,
  type StatsGranularity,
  type StatsGroup,
} from '../domain/stats-view.ts'
import { timesNote } from '../domain/time-zone.ts'
import { formatDateTimeUnambiguous } from '../domain/wall-time.ts'
import { Button } from '../ui/Button.tsx'
import type { ChartLine } from '../ui/chart-scales.ts'
import { focusFirstInvalid } from '../ui/focus-invalid.ts'
import { Spinner } from '../ui/Spinner.tsx'
import { inputClassName } from '../ui/TextField.tsx'
import { TimeSeriesChart } from '../ui/TimeSeriesChart.tsx'
import { PageHeading } from './PageHeading.tsx'

export type StatisticsResultView =
  /** The view cannot be asked for (its error says why): nothing runs. */
  | { status: 'idle' }
  | { status: 'loading'; elapsedSeconds: number }
  | { status: 'cancelled' }
  | { status: 'error'; message: string }
  /** `fetching`: a newer view's query runs; these are the previous numbers meanwhile. */
  | { status: 'ready'; data: StatsResult; fetching: boolean; elapsedSeconds: number }

export type StatisticsPageProps = {
  project: string
  view: StatisticsView
  /** The range the view resolves to now (ISO instants), to start a custom range from. */
  resolved: { from: string; to: string } | null
  /**
   * The project's websites matching the filter (the first ones by name, and whether there are more), null
   * while their list loads.
   */
  websites: { names: readonly string[]; more: boolean } | null
  /** What narrows the websites offered (shown once the project has more than one list holds). */
  websiteFilter: string
  onWebsiteFilter: (text: string) => void
  viewError: StatsViewError | null
  result: StatisticsResultView
  onChange: (patch: Partial<StatisticsView>) => void
  onCancel: () => void
  onRetry: () => void
}

const RANGE_LABELS = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' } as const
const GRANULARITY_LABELS: Record<StatsGranularity, string> = {
  minute: 'Minute',
  '5m': '5 minutes',
  hour: 'Hour',
  day: 'Day',
}
const GROUP_LABELS: Record<StatsGroup, string> = {
  website: 'website',
  pop: 'point of presence',
  country: 'country',
  status_class: 'status class',
}
const METRIC_LABELS: Record<StatsMetric, string> = {
  requests: 'Requests',
  bytes_out: 'Bandwidth',
  hit_ratio: 'Hit ratio',
  status_2xx: '2xx',
  status_3xx: '3xx',
  status_4xx: '4xx',
  status_5xx: '5xx',
  origin_latency_p50: 'p50',
  origin_latency_p95: 'p95',
  waf_blocked: 'WAF blocked',
  challenged: 'Challenged',
  rate_limited: 'Rate limited',
}

const none = '—'
const count = (value: number | null) => (value === null ? none : formatNumber(value))
const countAxis = (value: number | null) => (value === null ? none : formatCompact(value))
function bytes(value: number | null): string {
  if (value === null) return none
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB']
  let scaled = value
  let unit = 0
  while (Math.abs(scaled) >= 1000 && unit < units.length - 1) {
    scaled /= 1000
    unit += 1
  }
  return `${scaled.toFixed(unit === 0 || scaled >= 100 ? 0 : 1)} ${units[unit]}`
}
const percent = (value: number | null) => (value === null ? none : `${(value * 100).toFixed(1)} %`)
const ms = (value: number | null) => (value === null ? none : `${value.toFixed(value < 10 ? 1 : 0)} ms`)

type ChartDefinition = {
  id: string
  title: string
  metrics: readonly StatsMetric[]
  /** Grouped, a chart draws one line per group of this metric. */
  grouped: StatsMetric
  format: (value: number | null) => string
  axis?: (value: number | null) => string
  /** What the chart's area says when it has nothing to draw; `emptyGrouped` when grouped (its one metric). */
  empty: string
  emptyGrouped?: string
}
const CHARTS: readonly ChartDefinition[] = [
  {
    id: 'requests',
    title: 'Requests',
    metrics: ['requests'],
    grouped: 'requests',
    format: count,
    axis: countAxis,
    empty: 'No requests in this period',
  },
  {
    id: 'bandwidth',
    title: 'Bandwidth',
    metrics: ['bytes_out'],
    grouped: 'bytes_out',
    format: bytes,
    empty: 'No bytes served in this period',
  },
  {
    id: 'hit-ratio',
    title: 'Cache hit ratio',
    metrics: ['hit_ratio'],
    grouped: 'hit_ratio',
    format: percent,
    empty: 'No cache hits in this period',
  },
  {
    id: 'status',
    title: 'Status classes',
    metrics: ['status_2xx', 'status_3xx', 'status_4xx', 'status_5xx'],
    grouped: 'status_5xx',
    format: count,
    axis: countAxis,
    empty: 'No requests in this period',
    emptyGrouped: 'No 5xx responses in this period',
  },
  {
    id: 'latency',
    title: 'Origin latency',
    metrics: ['origin_latency_p50', 'origin_latency_p95'],
    grouped: 'origin_latency_p95',
    format: ms,
    empty: 'No requests to the origin in this period',
  },
  {
    id: 'security',
    title: 'Security events',
    metrics: ['waf_blocked', 'challenged', 'rate_limited'],
    grouped: 'waf_blocked',
    format: count,
    axis: countAxis,
    empty: 'No security events in this period',
    emptyGrouped: 'No requests blocked by the WAF in this period',
  },
]

const TOTALS: readonly [StatsMetric, string, (value: number | null) => string][] = [
  ['requests', 'Requests', count],
  ['bytes_out', 'Bandwidth', bytes],
  ['hit_ratio', 'Cache hit ratio', percent],
  ['status_4xx', 'Client errors (4xx)', count],
  ['status_5xx', 'Server errors (5xx)', count],
  ['origin_latency_p50', 'Origin latency p50', ms],
  ['origin_latency_p95', 'Origin latency p95', ms],
  ['waf_blocked', 'WAF blocked', count],
  ['challenged', 'Challenged', count],
  ['rate_limited', 'Rate limited', count],
]

/** The lines of one chart: one per metric, or grouped, one per group of the chart's grouped metric. */
function linesOf(chart: ChartDefinition, data: StatsResult, groupBy: StatisticsView['group_by']): ChartLine[] {
  if (groupBy === 'none') {
    const points = data.series[0]?.points ?? []
    return chart.metrics.map((metric) => ({
      label: METRIC_LABELS[metric],
      values: points.map((point) => point.values[metric] ?? null),
    }))
  }
  // Status classes grouped by status class are simply each class's requests.
  const metric = groupBy === 'status_class' && chart.id === 'status' ? 'requests' : chart.grouped
  return data.series.map((series) => ({
    label: series.group ?? '',
    values: series.points.map((point) => point.values[metric] ?? null),
  }))
}

function emptyOf(chart: ChartDefinition, groupBy: StatisticsView['group_by']): string {
  const showsRequests = groupBy === 'status_class' && chart.id === 'status'
  return groupBy === 'none' || showsRequests ? chart.empty : (chart.emptyGrouped ?? chart.empty)
}

function titleOf(chart: ChartDefinition, groupBy: StatisticsView['group_by']): string {
  if (groupBy === 'none') return chart.title
  if (groupBy === 'status_class' && chart.id === 'status') return 'Requests by status class'
  const metric = chart.metrics.length > 1 ? `${chart.title}: ${METRIC_LABELS[chart.grouped]}` : chart.title
  return `${metric} by ${GROUP_LABELS[groupBy]}`
}

const selectClassName = `${inputClassName} w-auto py-1.5`
/**
 * Widths that do not follow the options: the automatic granularity's label and the websites' names arrive
 * with the data, and a select that widened then pushed the controls and charts under it down (a layout
 * shift of up to 0.13 in Lighthouse's runs).
 */
const fixedSelectClassName = (width: string) => `${inputClassName.replace('w-full', width)} max-w-full py-1.5`

export function StatisticsPage(props: StatisticsPageProps) {
  const { view, result } = props
  const data = result.status === 'ready' ? result.data : null
  return (
    <>
      <PageHeading
        title={PAGE_HEADINGS['/statistics'].title}
        description={pageDescription('/statistics', { project: props.project, times: timesNote() })}
      />
      <Controls {...props} />
      <Progress result={result} onCancel={props.onCancel} onRetry={props.onRetry} />
      {data && (
        <div className={result.status === 'ready' && result.fetching ? 'opacity-60' : undefined}>
          {/* Only once the list has come: saying so before, then taking it back, moved the numbers under it. */}
          {props.websites?.names.length === 0 && props.websiteFilter.trim() === '' && (
            <p className="mb-4 text-slate-600 dark:text-slate-400">This project has no websites yet: no traffic.</p>
          )}
          <Totals data={data} />
          <Sources data={data} />
          {(data.series[0]?.points.length ?? 0) === 0 ? (
            <p className="mt-6 text-slate-600 dark:text-slate-400">
              No traffic to show in this range yet: a point appears once its{' '}
              {GRANULARITY_LABELS[data.granularity].toLowerCase()} has ended.
            </p>
          ) : (
            <Charts data={data} groupBy={view.group_by} />
          )}
        </div>
      )}
    </>
  )
}

function Controls(props: StatisticsPageProps) {
  const { view, resolved, viewError, result, onChange } = props
  const websites = props.websites?.names ?? []
  const filtered = (props.websites?.more ?? false) || props.websiteFilter !== ''
  const ids = { granularity: useId(), website: useId(), websiteFilter: useId(), group: useId() }
  const auto = result.status === 'ready' ? ` (${GRANULARITY_LABELS[result.data.granularity].toLowerCase()})` : ''
  return (
    <div className="mb-6 flex flex-col gap-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 text-sm font-medium">Range</legend>
        {(Object.keys(RANGE_LABELS) as (keyof typeof RANGE_LABELS)[]).map((range) => (
          <Button
            key={range}
            size="sm"
            variant={view.range === range ? 'primary' : 'secondary'}
            aria-pressed={view.range === range}
            onClick={() => onChange({ range, from: undefined, to: undefined })}
          >
            {RANGE_LABELS[range]}
          </Button>
        ))}
        <Button
          size="sm"
          variant={view.range === 'custom' ? 'primary' : 'secondary'}
          aria-pressed={view.range === 'custom'}
          onClick={() => view.range !== 'custom' && onChange({ range: 'custom', ...resolved })}
        >
          Custom
        </Button>
      </fieldset>
      {view.range === 'custom' && (
        <CustomRange key={`${view.from}|${view.to}`} view={view} viewError={viewError} onChange={onChange} />
      )}
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.granularity} className="text-sm font-medium">
            Granularity
          </label>
          <select
            id={ids.granularity}
            className={fixedSelectClassName('w-52')}
            value={view.granularity}
            aria-invalid={viewError?.field === 'granularity' || undefined}
            aria-describedby={viewError?.field === 'granularity' ? `${ids.granularity}-error` : undefined}
            onChange={(event) => onChange({ granularity: event.target.value as StatisticsView['granularity'] })}
          >
            <option value="auto">Automatic{view.granularity === 'auto' ? auto : ''}</option>
            {STATS_GRANULARITIES.map((granularity) => (
              <option key={granularity} value={granularity}>
                {GRANULARITY_LABELS[granularity]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.website} className="text-sm font-medium">
            Website
          </label>
          {/* More websites than one list holds: what is typed narrows them on the server. */}
          {filtered && (
            <input
              id={ids.websiteFilter}
              type="search"
              aria-label="Filter websites by name"
              placeholder="Filter websites by name"
              value={props.websiteFilter}
              onChange={(event) => props.onWebsiteFilter(event.target.value)}
              className={`${fixedSelectClassName('w-60')} text-sm`}
            />
          )}
          <select
            id={ids.website}
            className={fixedSelectClassName('w-60')}
            value={view.website ?? ''}
            onChange={(event) => onChange({ website: event.target.value || undefined })}
          >
            <option value="">All websites</option>
            {/* A website named in a shared link but not listed (deleted, or not readable) stays visible. */}
            {view.website && !websites.includes(view.website) && <option value={view.website}>{view.website}</option>}
            {websites.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.group} className="text-sm font-medium">
            Group by
          </label>
          <select
            id={ids.group}
            className={selectClassName}
            value={view.group_by}
            onChange={(event) => onChange({ group_by: event.target.value as StatisticsView['group_by'] })}
          >
            <option value="none">Nothing</option>
            {STATS_GROUPS.map((group) => (
              <option key={group} value={group}>
                {GROUP_LABELS[group][0]?.toUpperCase()}
                {GROUP_LABELS[group].slice(1)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {viewError?.field === 'granularity' && (
        <p id={`${ids.granularity}-error`} className="text-sm text-red-700 dark:text-red-400">
          {viewError.message}
        </p>
      )}
    </div>
  )
}

/** The custom range's inputs, typed day-month-year and 24-hour: applied together, and only once they hold. */
function CustomRange({ view, viewError, onChange }: Pick<StatisticsPageProps, 'view' | 'viewError' | 'onChange'>) {
  const [from, setFrom] = useState(() => dateTimeInputOf(view.from))
  const [to, setTo] = useState(() => dateTimeInputOf(view.to))
  const [problem, setProblem] = useState<StatsViewError | null>(null)
  // The error is the refused field's description, read out as the focus moves there; only when the focus
  // is there already (Enter pressed in it) does the live region say it, so that it is read once; in a node
  // of its own at each refusal (`refusals` its key), so that the same refusal, Enter pressed again, is said again.
  const [said, setSaid] = useState({ refusals: 0, text: '' })
  const ids = { from: useId(), to: useId(), error: useId(), hint: useId() }
  const shown = problem ?? (viewError && viewError.field !== 'granularity' ? viewError : null)
  // A refused Apply range puts the focus on the field it refused, whose error is then read out with it.
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (problem) focusFirstInvalid(form.current)
  }, [problem])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // To is excluded: a day typed alone there means up to its end, so From and To the same day is that day.
    const range = { from: parseDateTimeInput(from), to: parseRangeEnd(to) }
    const found =
      range.from === null
        ? ({ field: 'from', message: `The start ${DATE_TIME_INPUT.message}.` } as const)
        : range.to === null
          ? ({ field: 'to', message: `The end ${DATE_TIME_INPUT.message}.` } as const)
          : customRangeProblem(range.from, range.to)
    setProblem(found)
    const focused = found && found.field !== 'granularity' && document.activeElement?.id === ids[found.field]
    setSaid((previous) => ({ refusals: previous.refusals + 1, text: focused ? found.message : '' }))
    if (!found) onChange({ range: 'custom', from: range.from ?? '', to: range.to ?? '' })
  }
  const field = (name: 'from' | 'to', label: string, value: string, set: (value: string) => void) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={ids[name]} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={ids[name]}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={DATE_TIME_INPUT.placeholder}
        className={`${inputClassName} w-48 py-1.5`}
        value={value}
        aria-invalid={shown?.field === name || undefined}
        aria-describedby={shown?.field === name ? `${ids.hint} ${ids.error}` : ids.hint}
        onChange={(event) => {
          set(event.target.value)
          // Said once: the live region's copy goes as the user corrects it (browse mode would read it again).
          setSaid((previous) => ({ ...previous, text: '' }))
        }}
      />
    </div>
  )
  return (
    <form ref={form} className="flex flex-wrap items-end gap-4" onSubmit={submit} noValidate>
      {field('from', 'From', from, setFrom)}
      {field('to', 'To', to, setTo)}
      <Button type="submit" size="sm" variant="secondary">
        Apply range
      </Button>
      <p id={ids.hint} className="basis-full text-sm text-slate-600 dark:text-slate-400">
        {DATE_TIME_INPUT.hint} A day alone as To takes in the whole day.
      </p>
      {shown && (
        <p id={ids.error} className="basis-full text-sm text-red-700 dark:text-red-400">
          {shown.message}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {said.text && <span key={said.refusals}>{said.text}</span>}
      </p>
    </form>
  )
}

function Progress({
  result,
  onCancel,
  onRetry,
}: {
  result: StatisticsResultView
  onCancel: () => void
  onRetry: () => void
}) {
  const running =
    result.status === 'loading' || (result.status === 'ready' && result.fetching) ? result.elapsedSeconds : null
  if (running !== null)
    return (
      <div className="mb-4 flex items-center gap-3" role="status">
        <Spinner />
        <span>Querying the statistics… {running > 0 ? `${running} s` : ''}</span>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    )
  if (result.status === 'cancelled')
    return (
      <div className="mb-4 flex items-center gap-3">
        <p>The query was cancelled.</p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Run it again
        </Button>
      </div>
    )
  if (result.status === 'error')
    return (
      <div className="mb-4 flex items-center gap-3" role="alert">
        <p className="text-red-700 dark:text-red-400">The statistics could not be read: {result.message}</p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    )
  return null
}

function Totals({ data }: { data: StatsResult }) {
  return (
    <section aria-label="Totals over the range">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {TOTALS.map(([metric, label, format]) => (
          <div key={metric} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-total={metric}>
              {format(data.totals[metric] ?? null)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

const nodesOf = (nodes: readonly string[]) =>
  `${nodes.length === 1 ? '1 node' : `${formatNumber(nodes.length)} nodes`} (${nodes.slice(0, 3).join(', ')}${nodes.length > 3 ? ', …' : ''})`

/**
 * Which part of the totals Varnish counted on edge agent nodes, and which the simulated nodes' model gave; a
 * kind of node the console does not know (another implementation of the API) by its own word.
 */
function Sources({ data }: { data: StatsResult }) {
  if (!data.sources || data.sources.length === 0) return null
  return (
    <section aria-label="Where the numbers come from" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
      <ul className="space-y-1">
        {data.sources.map((source) => (
          <li key={source.kind} data-source={source.kind}>
            {source.kind === 'agent'
              ? 'Counted by Varnish on edge agent '
              : source.kind === 'simulated'
                ? 'Simulated (the traffic model) on '
                : `Reported as ${source.kind} on `}
            {nodesOf(source.nodes)}:{' '}
            <span className="font-medium tabular-nums text-slate-900 dark:text-slate-100">
              {count(source.totals.requests ?? null)} requests
            </span>
            {source.totals.hit_ratio !== undefined && source.totals.hit_ratio !== null && (
              <>, {percent(source.totals.hit_ratio)} answered without the origin</>
            )}
            .
          </li>
        ))}
      </ul>
    </section>
  )
}

function Charts({ data, groupBy }: { data: StatsResult; groupBy: StatisticsView['group_by'] }) {
  const timestamps = useMemo(() => data.series[0]?.points.map((point) => Date.parse(point.ts)) ?? [], [data])
  const charts = useMemo(
    () =>
      CHARTS.map((chart) => ({
        chart,
        title: titleOf(chart, groupBy),
        empty: emptyOf(chart, groupBy),
        lines: linesOf(chart, data, groupBy),
      })),
    [data, groupBy],
  )
  return (
    <div className="mt-6 grid gap-4 xl:grid-cols-2">
      {charts.map(({ chart, title, empty, lines }) => (
        <TimeSeriesChart
          key={chart.id}
          title={title}
          timestamps={timestamps}
          lines={lines}
          format={chart.format}
          formatAxis={chart.axis}
          // The hour the clocks go back shows twice: each with its offset, so that no two rows read the same.
          formatTime={formatDateTimeUnambiguous}
          fileName={`statistics-${chart.id}`}
          emptyMessage={empty}
        />
      ))}
    </div>
  )
}
