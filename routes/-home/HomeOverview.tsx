import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { selectProjectPermissions } from '../../machines/project.selectors.ts'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { selectSyncRows, selectSyncStatus } from '../../machines/sync-status.selectors.ts'
import type { OverviewTools } from '../../src/app/overview.ts'
import { allows, FEATURE_RULES } from '../../src/domain/navigation.ts'
import { grants } from '../../src/domain/permissions.ts'
import { queryOfView } from '../../src/domain/stats.ts'
import {
  AuditedChanges,
  CertificatesNeedingAttention,
  ConfigurationCounts,
  Panel,
  RecentChanges,
  SyncSummary,
  TrafficCharts,
} from '../../src/views/HomePanels.tsx'
import { panelState } from '../-resources/panelState.ts'

const root = getRouteApi('__root__')

const link = (path: string, children: ReactNode) => (
  // Every page of the console takes the project from ?project=, which the root route keeps on links.
  <Link to={path as '/'} className="text-teal-700 hover:underline dark:text-teal-400">
    {children}
  </Link>
)

/** Home's panels (RESOURCES.md, /home), each shown with its permission and loading on its own. */
export default function HomeOverview({ project, tools }: { project: string; tools: OverviewTools }) {
  const { actors } = root.useRouteContext()
  const sessionPermissions = useSelector(actors.session, selectPermissions)
  const { queries } = tools
  const permissions = useSelector(actors.project, selectProjectPermissions)
  const syncStatus = useSelector(actors.projectSync, selectSyncStatus)
  const syncRows = useSelector(actors.projectSync, selectSyncRows)
  const canCertificates = grants(permissions, 'wadp.le-cert.list')
  const canTraffic = grants(permissions, 'wadp.stats.query')
  // Hourly points are plenty for small charts (24, against 288 at 5 minutes: less to fetch, parse and
  // draw). The range ends at the last whole hour: the same query (and cache entry) for the whole hour.
  const trafficQuery = queryOfView(
    { range: '24h', granularity: 'hour', group_by: 'none' },
    project,
    ['requests', 'hit_ratio', 'waf_blocked', 'challenged', 'rate_limited'],
    Date.now(),
  ).query
  const traffic = useQuery({
    ...queries.traffic(trafficQuery ?? { project, from: '', to: '', metrics: ['requests'] }),
    enabled: canTraffic && trafficQuery !== null,
  })
  const counts = useQuery({ ...queries.overview(project), enabled: grants(permissions, 'wadp.projects.get') })
  const certificates = useQuery({ ...queries.certificates(project), enabled: canCertificates })
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {canTraffic && (
        <Panel
          id="traffic"
          title="Traffic, last 24 hours"
          panel={panelState(traffic, 'The traffic')}
          wide
          height="min-h-[52rem] xl:min-h-[22rem]"
        >
          {(data) => <TrafficCharts result={data} />}
        </Panel>
      )}
      {allows(sessionPermissions, FEATURE_RULES.projectSyncStatus) && (
        <Panel id="sync" title="Configuration sync" panel={{ status: 'ready', data: true }} height="min-h-[12rem]">
          {() => (
            <SyncSummary
              status={syncStatus}
              rows={syncRows}
              onRecheck={() =>
                actors.projectSync.send(
                  syncStatus === 'idle' ? { type: 'sync.start', explicit: false } : { type: 'sync.recheck' },
                )
              }
            />
          )}
        </Panel>
      )}
      {grants(permissions, 'wadp.projects.get') && (
        <Panel id="counts" title="Configuration counts" panel={panelState(counts, 'The counts')} height="min-h-[12rem]">
          {(data) => <ConfigurationCounts overview={data} link={link} />}
        </Panel>
      )}
      {canCertificates && (
        <Panel
          id="certificates"
          title="Certificates needing attention"
          panel={panelState(certificates, 'The certificates')}
          height="min-h-[8rem]"
        >
          {(data) => <CertificatesNeedingAttention certificates={data.data} total={data.meta.total} link={link} />}
        </Panel>
      )}
      {grants(sessionPermissions, 'wadp.audit.list') ? (
        <AuditedLastChanges project={project} tools={tools} />
      ) : (
        grants(permissions, 'wadp.projects.get') && (
          <Panel id="recent" title="Last changes" panel={panelState(counts, 'The last changes')}>
            {(data) => <RecentChanges overview={data} link={link} />}
          </Panel>
        )
      )}
    </div>
  )
}

/** The last changes from the audit log, for those who may read it; others see the resources' own dates. */
function AuditedLastChanges({ project, tools }: { project: string; tools: OverviewTools }) {
  const entries = useQuery(tools.queries.lastChanges(project))
  return (
    <Panel id="recent" title="Last changes" panel={panelState(entries, 'The last changes')}>
      {(data) => <AuditedChanges entries={data.data} link={link} />}
    </Panel>
  )
}
