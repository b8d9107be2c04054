import * as v from 'valibot'
import { Hostname, integer, Slug } from '../../domain/common.ts'
import { NODE_KINDS, NODE_STATUSES } from '../../domain/nodes.ts'
import { countryOfEndpoint } from '../../domain/sync.ts'

/**
 * A point-of-presence server. Its name is the endpoint id (`pop-fr-par-1`), whose second segment is
 * the country code. `reachable` is the reference fleet's switch for simulating an unavailable node.
 */
export const NodeFields = v.object({
  hostname: v.pipe(Hostname, v.description('DNS name of the server')),
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

/**
 * Where a node's name and country disagree, or null: its name is its endpoint id, whose second part is
 * its country (`pop-fr-par-1`; 'uk' stands for gb), and the synchronization views show the flag of that
 * part (spec section 3, sync detail row).
 */
export function nodeNameProblem(name: string, country: string): { field: string; message: string } | null {
  const named = countryOfEndpoint(name)
  const own = country.toLowerCase() === 'uk' ? 'gb' : country.toLowerCase()
  if (named === own) return null
  if (named && /^[a-z]{2}$/.test(named))
    return { field: 'country', message: `must be ${named}: the node's name ${name} says so (its second part)` }
  return { field: 'name', message: `must be the endpoint id with the country second, such as pop-${own}-par-1` }
}

/**
 * What the server refuses of a node's name and country when it is written: a new node's disagreeing
 * name or country (`existingCountry` undefined); a stored node, whose name cannot change, only a new
 * country its name contradicts. The nodes' server hook and the node form check with it.
 */
export function nodeWriteProblem(
  name: string,
  country: string,
  existingCountry?: string,
): { field: string; message: string } | null {
  if (existingCountry !== undefined && existingCountry.toLowerCase() === country.toLowerCase()) return null
  const problem = nodeNameProblem(name, country)
  return problem && (existingCountry === undefined || problem.field === 'country') ? problem : null
}

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
