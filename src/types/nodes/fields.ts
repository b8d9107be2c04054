import * as v from 'valibot'
import { integer, Slug } from '../../domain/common.ts'

export const NODE_STATUSES = ['active', 'maintenance', 'draining', 'disabled'] as const

/**
 * What runs the node (EDGE.md): a simulated node follows the configuration by the clock; an edge agent
 * node is a real Varnish node whose agent fetches the configuration and reports what it runs.
 */
export const NODE_KINDS = ['simulated', 'agent'] as const
export type NodeKind = (typeof NODE_KINDS)[number]

/** An agent that has not reported for this long is unavailable (EDGE.md). */
export const AGENT_SILENCE_MS = 10_000

/**
 * A point-of-presence server. Its name is the endpoint id (`pop-fr-par-1`), whose second segment is
 * the country code. `reachable` is the reference fleet's switch for simulating an unavailable node.
 */
export const NodeFields = v.object({
  hostname: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'required'),
    v.maxLength(253),
    v.description('DNS name of the server'),
  ),
  pool: v.optional(v.pipe(v.nullable(Slug), v.description('The pool it serves in, if any')), null),
  pop_code: v.pipe(
    v.string(),
    v.regex(/^[a-z]{3}$/, 'must be a three-letter code such as par'),
    v.description('Point of presence, a three-letter code such as par'),
  ),
  country: v.pipe(
    v.string(),
    v.toLowerCase(),
    v.regex(/^[a-z]{2}$/, 'must be a two-letter country code'),
    v.description('ISO 3166 two-letter country code'),
  ),
  ipv4: v.optional(
    v.pipe(v.nullable(v.pipe(v.string(), v.ipv4('must be an IPv4 address'))), v.description('Public IPv4 address')),
    null,
  ),
  ipv6: v.optional(
    v.pipe(v.nullable(v.pipe(v.string(), v.ipv6('must be an IPv6 address'))), v.description('Public IPv6 address')),
    null,
  ),
  status: v.optional(
    v.pipe(
      v.picklist(NODE_STATUSES, 'must be active, maintenance, draining or disabled'),
      v.description('Only active nodes take traffic and apply configuration'),
    ),
    'active',
  ),
  weight: v.optional(v.pipe(integer(1, 100), v.description('Share of traffic relative to the other nodes')), 1),
  reachable: v.optional(v.pipe(v.boolean(), v.description('Off simulates a node the platform cannot reach')), true),
  kind: v.optional(
    v.pipe(
      v.picklist(NODE_KINDS, 'must be simulated or agent'),
      v.description(
        'simulated: follows the configuration by the clock; agent: a Varnish node run by the edge agent, which reports what it runs (its secret is returned once, by the create)',
      ),
    ),
    'simulated',
  ),
})
export type NodeData = v.InferOutput<typeof NodeFields>

/** How a node stands with the platform's configuration (read-only, derived by the server). */
export const NODE_SYNC_STATES = ['in_sync', 'pending', 'failed', 'unreachable'] as const
export type NodeSyncState = (typeof NODE_SYNC_STATES)[number]

/** At most this many nodes in one bulk maintenance request. */
export const MAX_BULK_NODES = 200

/** `POST /nodes/maintenance`: turn maintenance on or off for several nodes at once. */
export const NodeMaintenanceRequest = v.object({
  nodes: v.pipe(
    v.array(v.pipe(Slug, v.description('A node name')), 'must be a list of node names'),
    v.minLength(1, 'name at least one node'),
    v.maxLength(MAX_BULK_NODES, `at most ${MAX_BULK_NODES} nodes at once`),
    v.description('The nodes to change'),
  ),
  maintenance: v.pipe(
    v.boolean('must be true or false'),
    v.description('true puts them in maintenance; false makes nodes in maintenance active again'),
  ),
})
export type NodeMaintenanceRequest = v.InferOutput<typeof NodeMaintenanceRequest>

/** One node's outcome of a bulk maintenance request. */
export type NodeMaintenanceResult = {
  name: string
  result: 'succeeded' | 'failed'
  /** Its status afterwards (unchanged when it failed or was already so); null when there is no such node. */
  status: (typeof NODE_STATUSES)[number] | null
  changed: boolean
  message: string | null
}

const reportText = (max: number, description: string) =>
  v.pipe(v.nullable(v.pipe(v.string(), v.maxLength(max))), v.description(description))

/**
 * One backend as an edge agent's Varnish sees it (`backend.list -j -p`): its project, its name in the
 * project's VCL, and its probe state. Backends without a probe are healthy with an empty window.
 */
export const AgentBackendState = v.object({
  project: v.pipe(Slug, v.description('The project whose VCL declares the backend')),
  backend: v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9_]{0,200}$/), v.description('Its name in the VCL')),
  healthy: v.pipe(v.boolean(), v.description('Whether Varnish considers it healthy')),
  window: v.pipe(
    v.array(v.boolean()),
    v.maxLength(64),
    v.description('Its probe window as Varnish keeps it, oldest first (true: a good probe)'),
  ),
  threshold: v.pipe(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), v.description('Good probes needed')),
  last_change_at: v.pipe(
    v.nullable(v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 time'))),
    v.description('When its health last changed'),
  ),
  average_response_ms: v.pipe(
    v.nullable(v.pipe(v.number(), v.minValue(0))),
    v.description('The average response time of its good probes, in milliseconds; null without any'),
  ),
})
export type AgentBackendState = v.InferOutput<typeof AgentBackendState>

/**
 * `POST /edge/nodes/{node}/report`: what an edge agent runs (EDGE.md). Sent after every change it
 * applies and every few seconds besides; the last one is kept.
 */
export const AgentReport = v.object({
  varnish_version: reportText(200, 'What varnishd -V says, such as varnish-7.1.1; null while it does not run'),
  started_at: v.pipe(
    v.nullable(v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 time'))),
    v.description('When its varnishd started; null while it does not run'),
  ),
  platform_revision: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
    v.description('The platform (admin configuration) revision of the configuration it runs'),
  ),
  projects: v.pipe(
    v.array(
      v.object({
        project: v.pipe(Slug, v.description('The project')),
        revision: v.pipe(
          v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
          v.description('The project revision whose VCL it runs; null for none yet'),
        ),
        error: reportText(8000, "Why it could not load the project's latest VCL (Varnish's words), or null"),
      }),
    ),
    v.maxLength(100_000),
    v.description('One line per project it was given'),
  ),
  error: reportText(8000, 'What keeps it from running any configuration (varnishd down…), or null'),
  backends: v.pipe(
    v.optional(v.array(AgentBackendState), []),
    v.maxLength(100_000),
    v.description('Every backend of the VCLs it runs, with its probe state as Varnish keeps it (issue 24)'),
  ),
})
export type AgentReport = v.InferOutput<typeof AgentReport>
