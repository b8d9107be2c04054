import * as v from 'valibot'
import { NODE_KINDS } from './nodes.ts'

/**
 * One node's line in a sync response (spec section 3, "Sync detail row"), as the console reads it. What
 * says the node's state, `status_source`, is its edge agent's reports (`agent`) or the platform's
 * simulation (`simulated`), the only kinds this platform sends (`PlatformSyncState`, server/platform/fleet.ts,
 * what its documents give); the console takes any word there: another implementation of the API may know a
 * kind of node this console does not, and its line is then shown with that word as its source, where a
 * strict reading failed the whole check ('Failed to retrieve synchronization status.').
 */
export const SyncDetail = v.object({
  endpoint: v.string(),
  // The kinds this console knows, or any other word. (Named, though any string passes: their picklist is
  // then the start's, not carried again by each page that reads node kinds, 80 bytes apiece.)
  status_source: v.union([v.picklist(NODE_KINDS), v.string()]),
  updated: v.boolean(),
  maintenance: v.boolean(),
  available: v.boolean(),
  /** Edge agent nodes: why the node does not run the revision (the compiler's words), or null. */
  message: v.optional(v.nullable(v.string())),
})
export type SyncDetail = v.InferOutput<typeof SyncDetail>

/** The `data` of `GET …/projects/{p}/sync?details=true` and `GET …/admin-sync-state` (spec section 7). */
export const SyncState = v.object({
  error: v.nullable(v.string()),
  updated: v.boolean(),
  finished: v.boolean(),
  details: v.array(SyncDetail),
})
export type SyncState = v.InferOutput<typeof SyncState>

/** The project's status modal or the admin config view: one machine and one row mapping serve both. */
export type SyncKind = 'project' | 'admin'

/** Spec section 8. */
export const SYNC_MESSAGES = {
  success: {
    project: 'All changes have been applied to the servers.',
    admin: 'All config changes have been applied to the servers.',
  },
  warning: "Some nodes aren't synchronized. Please retry later.",
  failed: 'Failed to retrieve synchronization status.',
} as const

/** Flags the console ships as local assets (spec section 2); any other country gets the generic one. */
export const FLAG_COUNTRIES = ['au', 'br', 'ca', 'de', 'es', 'fr', 'nl', 'pt', 'sg', 'gb', 'us'] as const
export type FlagCountry = (typeof FLAG_COUNTRIES)[number]
export type Flag = FlagCountry | 'generic'

/** The country of a node endpoint such as `pop-fr-par-1`: its second segment, 'uk' shown as 'gb'. */
export function countryOfEndpoint(endpoint: string): string | null {
  const code = endpoint.split('-')[1]?.toLowerCase()
  if (!code) return null
  return code === 'uk' ? 'gb' : code
}

function isFlagCountry(code: string): code is FlagCountry {
  return (FLAG_COUNTRIES as readonly string[]).includes(code)
}

/** The flag of a country code ('uk' is shown as 'gb'): its own when the console has one, else the generic flag. */
export function countryFlag(country: string): Flag {
  const code = country.toLowerCase() === 'uk' ? 'gb' : country.toLowerCase()
  return isFlagCountry(code) ? code : 'generic'
}

/** The flag shown beside a node: its country's when the console has one, else the generic flag. */
export function flagOf(endpoint: string): Flag {
  return countryFlag(countryOfEndpoint(endpoint) ?? '')
}

/**
 * What the State column shows: `updated` a check, `loading` a spinner, `notSynchronized` a cross,
 * `maintenance` a wrench, `unavailable` a warning icon (project view only).
 */
export type SyncRowState = 'updated' | 'loading' | 'notSynchronized' | 'maintenance' | 'unavailable'

export interface SyncRow {
  endpoint: string
  country: Flag
  /**
   * The admin view's Source column: `simulated`, or `agent` for a node whose edge agent reports; a kind the
   * console does not know (another implementation of the API) as the answer words it.
   */
  source: string
  state: SyncRowState
  /**
   * Why the node does not run the change, as the server words it (an edge agent node: Varnish's
   * compiler, or how long its agent has been silent); null when there is nothing to say. Plain text.
   */
  message: string | null
}

export interface SyncRowOptions {
  kind: SyncKind
  /** Endpoints reported updated at any poll of the current run. */
  seenUpdated: readonly string[]
  /** The run has ended (success, warning or error): a node still not updated will not catch up in it. */
  finished: boolean
}

function rowState(detail: SyncDetail, seen: ReadonlySet<string>, { kind, finished }: SyncRowOptions): SyncRowState {
  // A node can flap between polls (a heartbeat missed); once it applied the change in this run it has it.
  if (detail.updated || seen.has(detail.endpoint)) return 'updated'
  // Maintenance explains why the node is behind better than a cross or a spinner would.
  if (detail.maintenance) return 'maintenance'
  // The spec gives the warning to the project view only; in the admin view an agent's message says it.
  if (kind === 'project' && !detail.available) return 'unavailable'
  // A node that failed to load the change (its message says why) will not catch up by waiting.
  if (detail.available && detail.message) return 'notSynchronized'
  return finished ? 'notSynchronized' : 'loading'
}

/** The modal's rows for the latest poll (spec section 4, "Sync checks"). */
export function syncRows(details: readonly SyncDetail[], options: SyncRowOptions): SyncRow[] {
  const seen = new Set(options.seenUpdated)
  return details.map((detail) => ({
    endpoint: detail.endpoint,
    country: flagOf(detail.endpoint),
    source: detail.status_source,
    state: rowState(detail, seen, options),
    message: detail.message ?? null,
  }))
}
