import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { selectSyncRows, selectSyncStatus } from '../../machines/sync-status.selectors.ts'
import type { OverviewTools } from '../../src/app/overview.ts'
import { quietLinkClassName } from '../../src/ui/link.ts'
import {
  CertificatesNeedingAttention,
  ConfigurationCounts,
  Panel,
  SyncSummary,
  TrafficCharts,
} from '../../src/views/HomePanels.tsx'
import { panelState } from '../-resources/panelState.ts'
import { useHomeTraffic } from './useHomeTraffic.ts'

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

export function TrafficPanel({ project, queries }: PanelProps) {
  const { panel, range } = useHomeTraffic(project, queries)
  return (
    <Panel id="traffic" title="Traffic, last 24 hours" panel={panel} wide height="min-h-[52rem] xl:min-h-[22rem]">
      {(data) => <TrafficCharts result={data} range={range} />}
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
