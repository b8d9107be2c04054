import * as v from 'valibot'
import { Slug, Timestamp } from './common.ts'
import { NODE_KINDS, type NodeKind } from './nodes.ts'

/**
 * `GET /api/core/v0/backend-health?project=P&director=D` (API.md): one row per director backend from
 * the platform's probe simulation. The console keeps the same filters in its URL.
 */
export const BackendHealthQuery = v.object({
  project: v.optional(v.pipe(Slug, v.description('Only this project’s directors'))),
  director: v.optional(v.pipe(Slug, v.description('Only this director’s backends (with project: of that project)'))),
})
export type BackendHealthFilters = v.InferOutput<typeof BackendHealthQuery>

/**
 * One node's view of a backend: from this platform, an edge agent node's own Varnish probes (issue 24),
 * `source` always `agent` (`PlatformBackendHealthAnswer`, src/types/directors/routes.ts, what its documents
 * give); read here as the known kinds or any other word, a node of a kind another implementation of the API
 * lists, where a strict reading refused the whole answer and Backend Health showed its error.
 */
export const BackendNodeHealth = v.object({
  node: v.pipe(v.string(), v.description('The edge agent node')),
  // The kinds this console knows, or any other word (named: their picklist is then the start's).
  source: v.union([v.picklist(NODE_KINDS), v.string()]),
  healthy: v.pipe(v.boolean(), v.description('Whether the node’s Varnish considers the backend healthy')),
  window: v.pipe(v.array(v.boolean()), v.description('Its probe window on that node, oldest first')),
  last_change_at: v.pipe(v.nullable(Timestamp), v.description('When its health last changed on that node')),
  average_response_ms: v.pipe(
    v.nullable(v.number()),
    v.description('The average response time of its good probes on that node, in milliseconds'),
  ),
  reported_at: v.pipe(Timestamp, v.description('When the node reported it')),
})
export type BackendNodeHealthData = v.InferOutput<typeof BackendNodeHealth>

/**
 * One backend's row as the console reads it. Where its verdict comes from, `source`, is `agent` or
 * `simulated` from this platform (`PlatformBackendHealthAnswer`, src/types/directors/routes.ts, what its
 * documents give), or any other word: a kind of node another implementation of the API knows, shown then as
 * it comes where a strict reading refused the whole answer and the page showed its error instead of the rows.
 */
export const BackendHealthRow = v.object({
  project: v.pipe(v.string(), v.description('The project of the director')),
  director: v.pipe(v.string(), v.description('The director the backend belongs to')),
  backend: v.pipe(v.string(), v.description('The backend as host:port')),
  healthy: v.pipe(v.boolean(), v.description('Whether enough of its recent probes passed (the director’s threshold)')),
  last_check_at: v.pipe(v.nullable(Timestamp), v.description('When it was last probed; null with probing off')),
  last_change_at: v.pipe(v.nullable(Timestamp), v.description('When its healthy state last changed')),
  window: v.pipe(v.array(v.boolean()), v.description('Its latest probe results, oldest first (true passed)')),
  interval_seconds: v.pipe(v.number(), v.description('Seconds between its probes')),
  // The kinds this console knows, or any other word (named: their picklist is then the start's).
  source: v.union([v.picklist(NODE_KINDS), v.string()]),
  nodes: v.pipe(v.array(BackendNodeHealth), v.description('Each edge agent node’s own view of it, by node name')),
})
export type BackendHealthRowData = v.InferOutput<typeof BackendHealthRow>

export const BackendHealthAnswer = v.object({
  data: v.pipe(v.array(BackendHealthRow), v.description('One row per director backend, by project and director')),
})

/** "8 of 10 probes passed": what the row of marks says to a screen reader. */
export function windowSummary(window: readonly boolean[]): string {
  if (window.length === 0) return 'No probes yet'
  const passed = window.filter(Boolean).length
  return `${passed} of ${window.length} ${window.length === 1 ? 'probe' : 'probes'} passed`
}

/**
 * How often a page showing these rows reads them again: the shortest probe interval among them (a new
 * result is due by then), within 2 to 30 seconds; 10 seconds (the Medium preset) before any answer.
 */
export function refreshIntervalMs(rows: readonly { interval_seconds: number }[] | undefined): number {
  if (!rows || rows.length === 0) return 10_000
  const shortest = Math.min(...rows.map((row) => row.interval_seconds))
  return Math.min(30_000, Math.max(2_000, shortest * 1000))
}

/**
 * A backend's row from what the edge agent nodes report of it, or the simulation's when none does: a
 * backend sick on any real node is unhealthy, and the row says so with that node's window.
 */
export function combinedHealth<
  T extends { healthy: boolean; last_check_at: string | null; last_change_at: string | null; window: boolean[] },
>(simulated: T, nodes: readonly BackendNodeHealthData[]): T & { source: NodeKind; nodes: BackendNodeHealthData[] } {
  if (nodes.length === 0) return { ...simulated, source: 'simulated', nodes: [] }
  const latest = (values: (string | null)[]) =>
    values
      .filter((value): value is string => value !== null)
      .sort()
      .at(-1) ?? null
  const shown = nodes.find((node) => !node.healthy) ?? nodes[0]
  return {
    ...simulated,
    healthy: nodes.every((node) => node.healthy),
    last_check_at: latest(nodes.map((node) => node.reported_at)),
    last_change_at: latest(nodes.map((node) => node.last_change_at)),
    window: shown?.window ?? [],
    source: 'agent',
    nodes: [...nodes],
  }
}
