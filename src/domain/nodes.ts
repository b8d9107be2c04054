/**
 * What the platform reads of a node (its fields are the nodes type's, `src/types/nodes/`): the words its
 * fleet, statistics and invalidations, the edge agent and the console share. Light on purpose: the
 * console's pages load it; the agent protocol's schemas are in `edge-node.ts`.
 */
export const NODE_STATUSES = ['active', 'maintenance', 'draining', 'disabled'] as const

/**
 * What runs the node (EDGE.md): a simulated node follows the configuration by the clock; an edge agent
 * node is a real Varnish node whose agent fetches the configuration and reports what it runs.
 */
export const NODE_KINDS = ['simulated', 'agent'] as const
export type NodeKind = (typeof NODE_KINDS)[number]

/**
 * The edge agent node the platform registers and runs itself with `WADP_EDGE=local` (EDGE.md names it):
 * made by the platform, not through the API, so the rule that a node's name is its endpoint id
 * (`pop-fr-par-1`) is not asked of it.
 */
export const LOCAL_EDGE_NODE = 'local-edge'

/** An agent that has not reported for this long is unavailable (EDGE.md). */
export const AGENT_SILENCE_MS = 10_000

/** What the platform's fleet, statistics and invalidations read of a node's fields. */
export type FleetNode = {
  status: (typeof NODE_STATUSES)[number]
  kind: NodeKind
  reachable: boolean
  weight: number
  country: string
  pop_code: string
}
