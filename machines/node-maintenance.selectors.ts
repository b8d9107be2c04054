import type { SnapshotFrom } from 'xstate'
import type { nodeMaintenanceMachine } from './node-maintenance.ts'

type Snapshot = SnapshotFrom<typeof nodeMaintenanceMachine>

/** What the question names, while it asks or the change runs. */
export const selectMaintenanceRequest = (snapshot: Snapshot) =>
  snapshot.matches('confirming') || snapshot.matches('changing')
    ? { nodes: snapshot.context.nodes, maintenance: snapshot.context.maintenance }
    : null
export const selectIsChanging = (snapshot: Snapshot) => snapshot.hasTag('busy')
/** The report: each node's result, or why nothing ran. */
export const selectMaintenanceReport = (snapshot: Snapshot) =>
  snapshot.matches('reporting')
    ? { maintenance: snapshot.context.maintenance, results: snapshot.context.results, error: snapshot.context.error }
    : null
