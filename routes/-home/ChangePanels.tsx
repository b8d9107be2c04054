import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { quietLinkClassName } from '../../src/ui/link.ts'
import { BackendHealthSummary } from '../../src/views/BackendHealthSummary.tsx'
import { AuditedChanges, Panel, RecentChanges } from '../../src/views/HomePanels.tsx'
import { panelState } from '../-resources/panelState.ts'
import { link, type PanelProps } from './OverviewPanels.tsx'

/** Home's panels of what changed and what serves: the last changes and the backends' health. */

/** Without the audit log: the resources' own dates, from the counts' answer. */
export function RecentChangesPanel({ project, queries }: PanelProps) {
  const counts = useQuery(queries.overview(project))
  return (
    <Panel id="recent" title="Last changes" panel={panelState(counts, 'The last changes')}>
      {(data) => <RecentChanges overview={data} link={link} />}
    </Panel>
  )
}

/** The last changes from the audit log, for those who may read it; others see the resources' own dates. */
export function AuditedLastChanges({ project, queries }: PanelProps) {
  const entries = useQuery(queries.lastChanges(project))
  return (
    <Panel id="recent" title="Last changes" panel={panelState(entries, 'The last changes')}>
      {(data) => <AuditedChanges entries={data.data} link={link} />}
    </Panel>
  )
}

/** The project's backends: healthy or where they are sick (a Varnish node or the simulation). */
export function BackendsPanel({ project, queries }: PanelProps) {
  const health = useQuery(queries.backendHealth(project))
  return (
    <Panel id="backends" title="Backends" panel={panelState(health, 'Backend health')}>
      {(rows) => (
        <BackendHealthSummary
          rows={rows}
          link={(children) => (
            <Link to="/backend-health" search={{ in_project: project }} className={quietLinkClassName}>
              {children}
            </Link>
          )}
        />
      )}
    </Panel>
  )
}
