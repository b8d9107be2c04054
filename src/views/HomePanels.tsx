import { type ReactNode, useMemo } from 'react'
import type { CertificateSummary } from '../api/overview.ts'
import { type AuditSummary, actorLabel } from '../domain/audit.ts'
import { formatDate, formatDateTime, formatHoursMinutes } from '../domain/datetime.ts'
import type { ProjectOverview } from '../domain/overview.ts'
import type { StatsResult } from '../domain/stats.ts'
import type { SyncRow } from '../domain/sync.ts'
import { actionLabel } from '../types/action-labels.ts'
import { certificateAttention } from '../types/le-certificates/fields.ts'
import { detailPathOf, listPathOf, typeLabelOf } from '../types/resource-routes.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { TimeSeriesChart } from '../ui/TimeSeriesChart.tsx'
import { useDrawnAnswer } from '../ui/useDrawnAnswer.ts'
import type { PanelState } from './DetailPanel.tsx'

export type RenderPath = (path: string, children: ReactNode) => ReactNode

/**
 * One panel of Home: its heading, and its own loading and error states, so no panel waits for another.
 * `T` is what it shows, never undefined (which stands for "not drawn yet").
 */
export function Panel<T extends NonNullable<unknown>>({
  id,
  title,
  panel,
  children,
  wide = false,
  height = '',
}: {
  id: string
  title: string
  panel: PanelState<T>
  children: (data: T) => ReactNode
  wide?: boolean
  /**
   * The height it keeps from the start (a Tailwind min-height class): a panel that fills in later does not
   * push the ones below it (no layout shift).
   */
  height?: string
}) {
  // The panel's content is drawn as a transition, in short tasks.
  const shown = useDrawnAnswer(panel.status === 'ready' ? panel.data : undefined)
  return (
    <section
      aria-labelledby={`home-panel-${id}`}
      className={`rounded-lg border border-slate-200 p-4 dark:border-slate-700 ${wide ? 'lg:col-span-2' : ''} ${height}`}
    >
      <h2 id={`home-panel-${id}`} className="mb-3 font-medium">
        {title}
      </h2>
      {(panel.status === 'loading' || (panel.status === 'ready' && shown === undefined)) && (
        <Spinner label={`Loading ${title.toLowerCase()}…`} />
      )}
      {panel.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{panel.message}</span>
          <Button variant="secondary" size="sm" onClick={panel.onRetry}>
            Retry
          </Button>
        </div>
      )}
      {panel.status === 'ready' && shown !== undefined && children(shown)}
    </section>
  )
}

/**
 * The type labels (plain English words) in alphabetical order, case aside. Not localeCompare: its first call
 * sets up the locale's collation, some 6 ms of main thread on a phone for a dozen words.
 */
const byLabel = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()]
  return x < y ? -1 : x > y ? 1 : 0
}

export function ConfigurationCounts({ overview, link }: { overview: ProjectOverview; link: RenderPath }) {
  if (overview.types.length === 0) return <p className="text-sm">You may not list any configuration type here.</p>
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
      {[...overview.types]
        .sort((a, b) => byLabel(typeLabelOf(a.type), typeLabelOf(b.type)))
        .map((type) => (
          <li key={type.type} className="flex justify-between gap-2">
            {link(listPathOf(type.type), typeLabelOf(type.type))}
            <span
              className="tabular-nums"
              title={
                type.last_changed_at
                  ? `Last change ${formatDateTime(type.last_changed_at)} by ${type.last_changed_by ?? 'unknown'}`
                  : undefined
              }
            >
              {type.count}
            </span>
          </li>
        ))}
    </ul>
  )
}

export function RecentChanges({ overview, link }: { overview: ProjectOverview; link: RenderPath }) {
  if (overview.recent.length === 0) return <p className="text-sm">Nothing configured yet.</p>
  return (
    <ol className="flex flex-col gap-1 text-sm">
      {overview.recent.map((change) => (
        <li key={`${change.type}/${change.name}`} className="flex flex-wrap gap-x-2">
          <span className="text-slate-600 dark:text-slate-400">{typeLabelOf(change.type)}</span>
          {link(detailPathOf(change.type, change.name), change.display_name ?? change.name)}
          <span className="tabular-nums text-slate-600 dark:text-slate-400">
            {`${formatDateTime(change.updated_at)} by ${change.updated_by}`}
          </span>
        </li>
      ))}
    </ol>
  )
}

/** The last changes as the audit log has them: each leads to its entry (before and after). */
export function AuditedChanges({ entries, link }: { entries: readonly AuditSummary[]; link: RenderPath }) {
  if (entries.length === 0) return <p className="text-sm">No change recorded in this project yet.</p>
  return (
    <ol className="flex flex-col gap-1 text-sm">
      {entries.map((entry) => (
        <li key={entry.public_id} className="flex flex-wrap gap-x-2">
          {link(`/audit-detail/${entry.public_id}`, actionLabel(entry.action))}
          <span>{entry.resource ? `"${entry.resource.name}"` : ''}</span>
          <span className="tabular-nums text-slate-600 dark:text-slate-400">
            {`${formatDateTime(entry.occurred_at)} by ${actorLabel(entry.actor)}`}
          </span>
        </li>
      ))}
    </ol>
  )
}

/** The project's LE certificates that failed or are about to expire, each with why. */
export function CertificatesNeedingAttention({
  certificates,
  total,
  link,
  now = Date.now(),
}: {
  certificates: readonly CertificateSummary[]
  total: number
  link: RenderPath
  now?: number
}) {
  const notices = certificates.flatMap((certificate) => {
    const attention = certificateAttention(
      { status: certificate.status, not_after: certificate.not_after ?? null },
      certificate,
      now,
    )
    return attention ? [{ name: certificate.name, domains: certificate.domains, ...attention }] : []
  })
  if (total === 0) return <p className="text-sm">No LE certificate in this project.</p>
  if (notices.length === 0)
    return (
      <p className="text-sm">
        {total === 1 ? 'The LE certificate is valid.' : `All ${total} LE certificates are valid.`}
      </p>
    )
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {notices.map((notice) => (
        <li key={notice.name} className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded px-2 py-0.5 text-xs font-medium ${
              notice.tone === 'danger'
                ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200'
                : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
            }`}
          >
            {notice.text}
          </span>
          {link(detailPathOf('le-cert', notice.name), notice.name)}
          <span className="text-slate-600 dark:text-slate-400">{notice.domains.join(', ')}</span>
        </li>
      ))}
    </ul>
  )
}

const SYNC_WORDS = {
  idle: 'Not checked yet.',
  loading: 'Checking the nodes…',
  success: 'Every node has the latest configuration.',
  warning: 'Some nodes do not have the latest configuration yet.',
  error: 'The configuration could not be checked.',
} as const

export function SyncSummary({
  status,
  rows,
  onRecheck,
}: {
  status: keyof typeof SYNC_WORDS
  rows: readonly SyncRow[]
  onRecheck: () => void
}) {
  const updated = rows.filter((row) => row.state === 'updated').length
  const maintenance = rows.filter((row) => row.state === 'maintenance').length
  const unavailable = rows.filter((row) => row.state === 'unavailable').length
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p role="status">{SYNC_WORDS[status]}</p>
      {rows.length > 0 && (
        <p className="tabular-nums">
          {`${updated} of ${rows.length} nodes up to date`}
          {maintenance > 0 && `, ${maintenance} in maintenance`}
          {unavailable > 0 && `, ${unavailable} unavailable`}
        </p>
      )}
      <div>
        {/* Busy, not disabled: a disabled button drops the focus of whoever pressed it to the page's body. */}
        <Button variant="secondary" size="sm" onClick={onRecheck} busy={status === 'loading'}>
          Check again
        </Button>
      </div>
    </div>
  )
}

/**
 * A whole number with en-GB's thousands commas (1,234,567). Written by hand: the first Intl formatter a page
 * makes loads the locale's data, some 20 ms of main thread on a phone, in the task that draws Home's panels.
 */
const count = (value: number | null) =>
  value === null ? '—' : String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)} %`)
const short = (value: number | null) =>
  value === null
    ? ''
    : value >= 1e6
      ? `${(value / 1e6).toFixed(1)}M`
      : value >= 1e3
        ? `${(value / 1e3).toFixed(0)}k`
        : String(value)

/** The range the charts cover; `partial`: their first and last points are parts of their hours. */
export type TrafficRange = { from: string; to: string; partial: boolean }

const minuteOf = (iso: string) => `${formatDate(iso)} ${formatHoursMinutes(iso)}`

/** The last 24 hours: requests, hit ratio and blocked requests as small charts, with the day's totals. */
export function TrafficCharts({ result, range }: { result: StatsResult; range?: TrafficRange | undefined }) {
  // The same answer gives the same series: a chart draws again only when its numbers change, not each time
  // another panel of Home fills in and renders this one again.
  const { timestamps, requests, hitRatio, blockedLines } = useMemo(() => {
    const points = result.series[0]?.points ?? []
    const line = (metric: keyof StatsResult['totals'], label: string) => ({
      label,
      values: points.map((point) => point.values[metric] ?? null),
    })
    return {
      timestamps: points.map((point) => Date.parse(point.ts)),
      requests: [line('requests', 'Requests')],
      hitRatio: [line('hit_ratio', 'Hit ratio')],
      blockedLines: [
        line('waf_blocked', 'WAF'),
        line('challenged', 'Challenged'),
        line('rate_limited', 'Rate limited'),
      ],
    }
  }, [result])
  const blocked = ['waf_blocked', 'challenged', 'rate_limited'] as const
  const totals = result.totals
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm tabular-nums">
        {`${count(totals.requests ?? null)} requests, ${percent(totals.hit_ratio ?? null)} from cache, ${count(
          blocked.reduce((sum, metric) => sum + (totals[metric] ?? 0), 0),
        )} blocked or challenged`}
      </p>
      {range && (
        <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
          {`From ${minuteOf(range.from)} to ${minuteOf(range.to)}, by the hour${
            range.partial ? ': the first and last points are parts of their hours.' : '.'
          }`}
        </p>
      )}
      <div className="grid gap-3 xl:grid-cols-3">
        <TimeSeriesChart
          title="Requests"
          timestamps={timestamps}
          lines={requests}
          format={count}
          formatAxis={short}
          formatTime={formatDateTime}
          fileName="home-requests-24h"
          height={140}
          small
          emptyMessage="No requests in this period"
        />
        <TimeSeriesChart
          title="Cache hit ratio"
          timestamps={timestamps}
          lines={hitRatio}
          format={percent}
          formatTime={formatDateTime}
          fileName="home-hit-ratio-24h"
          height={140}
          small
          emptyMessage="No cache hits in this period"
        />
        <TimeSeriesChart
          title="Blocked requests"
          timestamps={timestamps}
          lines={blockedLines}
          format={count}
          formatAxis={short}
          formatTime={formatDateTime}
          fileName="home-blocked-24h"
          height={140}
          small
          emptyMessage="No blocked or challenged requests in this period"
        />
      </div>
    </div>
  )
}
