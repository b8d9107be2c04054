import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectProjectPermissions } from '../../machines/project.selectors.ts'
import { selectPermissions } from '../../machines/session.selectors.ts'
import type { OverviewTools } from '../../src/app/overview.ts'
import { grants } from '../../src/domain/permissions.ts'
import { timesNote } from '../../src/domain/time-zone.ts'
import { allows, FEATURE_RULES } from '../../src/types/navigation.ts'
import { AuditedLastChanges, BackendsPanel, RecentChangesPanel } from './ChangePanels.tsx'
import { CertificatesPanel, CountsPanel, SyncPanel, TrafficPanel } from './OverviewPanels.tsx'

const root = getRouteApi('__root__')

/**
 * Home's panels (RESOURCES.md, /home), each shown with its permission and loading on its own. Each panel
 * reads its own query or machine: an answer, or a sync check's progress, renders that panel alone.
 */
export default function HomeOverview({ project, tools }: { project: string; tools: OverviewTools }) {
  const { actors } = root.useRouteContext()
  const sessionPermissions = useSelector(actors.session, selectPermissions)
  const permissions = useSelector(actors.project, selectProjectPermissions)
  const { queries } = tools
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {grants(permissions, 'wadp.stats.query') && <TrafficPanel project={project} queries={queries} />}
      {allows(sessionPermissions, FEATURE_RULES.projectSyncStatus) && <SyncPanel />}
      {grants(permissions, 'wadp.projects.get') && <CountsPanel project={project} queries={queries} />}
      {grants(permissions, 'wadp.le-cert.list') && <CertificatesPanel project={project} queries={queries} />}
      {grants(sessionPermissions, 'wadp.backend-health.list') && <BackendsPanel project={project} queries={queries} />}
      {grants(sessionPermissions, 'wadp.audit.list') ? (
        <AuditedLastChanges project={project} queries={queries} />
      ) : (
        grants(permissions, 'wadp.projects.get') && <RecentChangesPanel project={project} queries={queries} />
      )}
      <p className="text-sm text-slate-600 lg:col-span-2 dark:text-slate-400">{timesNote()}</p>
    </div>
  )
}
