import type { NodeData } from '../../src/domain/resources/node.ts'
import type { SyncDetail, SyncState } from '../../src/domain/sync.ts'
import { stableHash } from './hash.ts'
import type { ConfigRevision } from './revisions.ts'

export type FleetDelays = { minMs: number; maxMs: number }

/** Parses `WADP_SYNC_DELAY_MS` such as `1000-4000` (or one number for a fixed delay). */
export function parseDelays(text: string | undefined): FleetDelays {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text ?? '')
  if (!match?.[1]) return { minMs: 1000, maxMs: 4000 }
  const minMs = Number(match[1])
  const maxMs = Math.max(minMs, Number(match[2] ?? match[1]))
  return { minMs, maxMs }
}

/**
 * The simulated fleet: each node applies a scope's latest revision a node-specific delay after the
 * change (between the configured bounds), unless it is in maintenance, disabled or unreachable. Being
 * a pure function of the stored revision and the clock, it needs no timers and survives restarts.
 */
export function syncState(
  nodes: { name: string; data: NodeData }[],
  revision: ConfigRevision,
  delays: FleetDelays,
  now: number,
): SyncState {
  const details: SyncDetail[] = []
  for (const node of nodes) {
    if (node.data.status === 'disabled') continue
    const spread = delays.maxMs - delays.minMs + 1
    const appliesAt =
      revision.changedAt.getTime() + delays.minMs + (stableHash(`${node.name}|${revision.revision}`) % spread)
    const available = node.data.reachable
    const maintenance = node.data.status === 'maintenance'
    const working = available && !maintenance
    details.push({
      endpoint: node.name,
      status_source: available ? 'heartbeat' : 'last-known',
      updated: working && now >= appliesAt,
      maintenance,
      available,
    })
  }
  const stillWorking = details.some((d) => d.available && !d.maintenance && !d.updated)
  return { error: null, updated: details.every((d) => d.updated), finished: !stillWorking, details }
}
