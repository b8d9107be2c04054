import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useMemo } from 'react'
import { selectSyncRows, selectSyncStatus } from '../../machines/sync-status.selectors.ts'
import type { OverviewTools } from '../../src/app/overview.ts'
import { homeTrafficQueries, joinHomeTraffic } from '../../src/domain/home-traffic.ts'
import type { StatsQuery, StatsResult } from '../../src/domain/stats.ts'
import { quietLinkClassName } from '../../src/ui/link.ts'
import type { PanelState } from '../../src/views/DetailPanel.tsx'
import {
  CertificatesNeedingAttention,
  ConfigurationCounts,
  Panel,
  SyncSummary,
  TrafficCharts,
} from '../../src/views/HomePanels.tsx'
import { panelState } from '../-resources/panelState.ts'

/**
 * Home's panels, each reading its own query or machine (HomeOverview.tsx decides which are shown): the
 * traffic, sync, counts and certificates here, the last changes and backends in ChangePanels.tsx.
 */

const root = getRouteApi('__root__')

export const link = (path: string, children: ReactNode) => (
  // Every page of the console takes the project from ?project=, which the root route keeps on links.
  <Link to={path as '/'} className={quietLinkClassName}>
    {children}
  </Link>
)

export type PanelProps = { project: string; queries: OverviewTools['queries'] }

const TRAFFIC_METRICS = ['requests', 'hit_ratio', 'waf_blocked', 'challenged', 'rate_limited'] as const

export function TrafficPanel({ project, queries }: PanelProps) {
  // Statistics' "Last 24 hours", up to the last whole minute, by the hour (24 points or 25, against 1,440 by
  // the minute: less to fetch, parse and draw). The whole hours are one query, the same (and one cache
  // entry) for the whole hour; the part of the oldest hour and the hour under way are two small ones by
  // the minute, each drawn as one point (src/domain/home-traffic.ts).
  const parts = homeTrafficQueries(project, TRAFFIC_METRICS, Date.now())
  // A new minute's (or hour's) parts are read with the last ones still shown, not a spinner.
  const part = (query: StatsQuery | null) => ({
    ...queries.traffic(query ?? parts.hours),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  })
  const head = useQuery(part(parts.head))
  const hours = useQuery(part(parts.hours))
  const tail = useQuery(part(parts.tail))
  // A part not asked has no answer (its disabled query shares the hours' key).
  const headData = parts.head ? (head.data ?? null) : null
  const tailData = parts.tail ? (tail.data ?? null) : null
  // One answer from the three, made again only when one of them changes (the charts redraw only then).
  const joined = useMemo(
    () => (hours.data ? joinHomeTraffic({ head: headData, hours: hours.data, tail: tailData }, TRAFFIC_METRICS) : null),
    [headData, hours.data, tailData],
  )
  // Ready once every part asked for is; the first failure is said, and Retry asks again what failed.
  const asked = [hours, ...(parts.head ? [head] : []), ...(parts.tail ? [tail] : [])]
  const failed = asked.find((part) => part.isError)
  const panel: PanelState<StatsResult> = failed
    ? panelState<StatsResult>(failed, 'The traffic')
    : asked.some((part) => part.isPending) || !joined
      ? { status: 'loading' }
      : { status: 'ready', data: joined }
  return (
    <Panel id="traffic" title="Traffic, last 24 hours" panel={panel} wide height="min-h-[52rem] xl:min-h-[22rem]">
      {(data) => (
        <TrafficCharts
          result={data}
          range={{
            from: (parts.head ?? parts.hours).from,
            to: (parts.tail ?? parts.hours).to,
            partial: parts.head !== null,
          }}
        />
      )}
    </Panel>
  )
}

export function SyncPanel() {
  const { actors } = root.useRouteContext()
  const status = useSelector(actors.projectSync, selectSyncStatus)
  const rows = useSelector(actors.projectSync, selectSyncRows)
  const recheck = () =>
    actors.projectSync.send(status === 'idle' ? { type: 'sync.start', explicit: false } : { type: 'sync.recheck' })
  return (
    <Panel id="sync" title="Configuration sync" panel={{ status: 'ready', data: true }} height="min-h-[12rem]">
      {() => <SyncSummary status={status} rows={rows} onRecheck={recheck} />}
    </Panel>
  )
}

export function CountsPanel({ project, queries }: PanelProps) {
  const counts = useQuery(queries.overview(project))
  return (
    <Panel id="counts" title="Configuration counts" panel={panelState(counts, 'The counts')} height="min-h-[12rem]">
      {(data) => <ConfigurationCounts overview={data} link={link} />}
    </Panel>
  )
}

export function CertificatesPanel({ project, queries }: PanelProps) {
  const certificates = useQuery(queries.certificates(project))
  return (
    <Panel
      id="certificates"
      title="Certificates needing attention"
      panel={panelState(certificates, 'The certificates')}
      height="min-h-[8rem]"
    >
      {(data) => <CertificatesNeedingAttention certificates={data.data} total={data.meta.total} link={link} />}
    </Panel>
  )
}
