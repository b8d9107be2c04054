import * as v from 'valibot'
import { type FleetNode, NODE_KINDS } from '../../src/domain/nodes.ts'
import { SyncDetail as ReadSyncDetail, SyncState as ReadSyncState } from '../../src/domain/sync.ts'
import { agentStanding, heardFrom, type ReceivedReport } from './agent-reports.ts'
import { stableHash } from './hash.ts'
import type { ConfigRevision } from './revisions.ts'

/**
 * A sync answer as the platform sends it and its documents give it (`GET …/projects/{p}/sync`,
 * `GET …/admin-sync-state`): the console's reading (`SyncState`, src/domain/sync.ts), `status_source`
 * narrowed to the node kinds, `agent` or `simulated`, which the console reads as any word.
 */
export const PlatformSyncDetail = v.object({ ...ReadSyncDetail.entries, status_source: v.picklist(NODE_KINDS) })
type SyncDetail = v.InferOutput<typeof PlatformSyncDetail>
export const PlatformSyncState = v.object({ ...ReadSyncState.entries, details: v.array(PlatformSyncDetail) })
type SyncState = v.InferOutput<typeof PlatformSyncState>

export type FleetDelays = { minMs: number; maxMs: number }

/** Parses `WADP_SYNC_DELAY_MS` such as `1000-4000` (or one number for a fixed delay). */
export function parseDelays(text: string | undefined): FleetDelays {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text ?? '')
  if (!match?.[1]) return { minMs: 1000, maxMs: 4000 }
  const minMs = Number(match[1])
  const maxMs = Math.max(minMs, Number(match[2] ?? match[1]))
  return { minMs, maxMs }
}

/** One node against a scope's latest revision, at a moment. */
export type NodeSync = {
  /** Whether the platform hears from it (its `reachable` switch). */
  available: boolean
  /** In maintenance: it keeps what it has and applies nothing. */
  maintenance: boolean
  /** Whether it applies configuration: reachable and active or draining (not in maintenance, not disabled). */
  applying: boolean
  /** When it applies (applied) the revision, if it applies at all. */
  appliesAt: number
  updated: boolean
}

/**
 * How one node stands: it applies the revision a node-specific delay after the change (between the
 * configured bounds) when it is reachable and active or draining (a draining node takes no new traffic
 * but still follows the configuration). Maintenance holds what it has; a disabled or unreachable node is
 * unavailable.
 */
export function nodeSync(
  node: { name: string; data: FleetNode },
  revision: ConfigRevision,
  delays: FleetDelays,
  now: number,
): NodeSync {
  const spread = delays.maxMs - delays.minMs + 1
  const appliesAt =
    revision.changedAt.getTime() + delays.minMs + (stableHash(`${node.name}|${revision.revision}`) % spread)
  const available = node.data.reachable !== false && node.data.status !== 'disabled'
  const maintenance = node.data.status === 'maintenance'
  const applying = available && !maintenance
  return { available, maintenance, applying, appliesAt, updated: applying && now >= appliesAt }
}

/**
 * An agent node's line: what its last report says it runs (EDGE.md), unavailable after 10 s of silence.
 * Its status does not stop its agent (a disabled agent node still runs and serves the configuration), so
 * the line says what the node reports, as the node's own `sync_state` does.
 */
function agentDetail(
  node: { name: string; data: FleetNode },
  received: ReceivedReport | undefined,
  revision: ConfigRevision,
  scope: string,
  now: number,
): SyncDetail {
  const heard = heardFrom(received, now)
  const standing = agentStanding(received, scope, revision.revision, now)
  const silent = received
    ? `no report for ${Math.round((now - received.reportedAt) / 1000)} s`
    : 'no report from its agent yet'
  return {
    endpoint: node.name,
    status_source: 'agent',
    updated: heard && standing.updated,
    maintenance: node.data.status === 'maintenance',
    available: heard,
    message: heard ? standing.message : silent,
  }
}

/**
 * The fleet against a scope's latest revision ('' = the platform's). A simulated node follows
 * `nodeSync`: a pure function of the stored nodes, the revision and the clock, it needs no timers,
 * survives restarts and gives the same answer on every process. An agent node says what it runs in its
 * reports. Disabled simulated nodes are listed too, as unavailable; a node that failed to load the revision is
 * done (not updated, with the compiler's message), since waiting will not change it.
 */
export function syncState(
  nodes: { name: string; data: FleetNode }[],
  revision: ConfigRevision,
  delays: FleetDelays,
  now: number,
  scope: string,
  reports: ReadonlyMap<string, ReceivedReport>,
): SyncState {
  const details: SyncDetail[] = nodes.map((node) => {
    if (node.data.kind === 'agent') return agentDetail(node, reports.get(node.name), revision, scope, now)
    const state = nodeSync(node, revision, delays, now)
    return {
      endpoint: node.name,
      status_source: 'simulated',
      updated: state.updated,
      maintenance: state.maintenance,
      available: state.available,
    }
  })
  const stillWorking = details.some((d) => d.available && !d.maintenance && !d.updated && !d.message)
  return { error: null, updated: details.every((d) => d.updated), finished: !stillWorking, details }
}
