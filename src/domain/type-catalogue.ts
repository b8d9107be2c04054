/**
 * Every resource type of the API (API.md's table), one row each: its route name in the console, the
 * word the console calls it by, where it lives and on which service. The console's route table, its
 * reference pickers and the roles read their lists from here, and `tests/server/references.test.ts`
 * holds the server's definitions against it. Light on purpose (no fields, no screens), so that any page
 * may import it.
 */
export type TypeEntry = {
  /** The API's name for the type: `wafconfigs`. */
  type: string
  /** The console's route name: `/waf-policies`, `/waf-policies-detail/{name}`. */
  route: string
  /** The list page, where it is not `/{route}` (IP lists keep the spec's `/ipLists`). */
  listPath?: string
  /** What the console calls it in lists and headings (the sidebar's words), where it has a page of its own. */
  label?: string
  /** A project's, or the platform's. */
  scope: 'project' | 'platform'
  service: 'core' | 'auth' | 'acme'
  /** Configuration an operator manages (RESOURCES.md: Configuration, Security, Crypto). */
  configuration?: true
  /** Served by a feature of its own (server/services/backups/), not by the resource mechanism. */
  feature?: true
}

const configuration = (type: string, route: string, label: string): TypeEntry => ({
  type,
  route,
  label,
  scope: 'project',
  service: 'core',
  configuration: true,
})
const platform = (type: string, service: 'core' | 'auth', route = type, label?: string): TypeEntry => ({
  type,
  route,
  ...(label ? { label } : {}),
  scope: 'platform',
  service,
})

export const TYPE_CATALOGUE: readonly TypeEntry[] = [
  configuration('websites', 'websites', 'Websites'),
  configuration('directors', 'directors', 'Directors'),
  configuration('pagerules', 'page-rules', 'Page Rules'),
  configuration('synthetics', 'synthetic-responses', 'Synthetic Responses'),
  configuration('codesnippets', 'code-snippets', 'VCL Snippets'),
  configuration('wafconfigs', 'waf-policies', 'WAF Policies'),
  { ...configuration('iplists', 'iplist', 'IP Lists'), listPath: '/ipLists' },
  configuration('ratelimits', 'rate-limits', 'Rate Limits'),
  configuration('challenges', 'captchas', 'Captchas'),
  configuration('sslpolicies', 'ssl-policies', 'TLS Policies'),
  { type: 'le-cert', route: 'managed-certificates', label: 'LE Certificates', scope: 'project', service: 'acme' },
  { type: 'access-tokens', route: 'access-tokens', label: 'Access Tokens', scope: 'project', service: 'core' },
  { type: 'backups', route: 'backup', scope: 'project', service: 'core', feature: true },
  platform('organizations', 'auth'),
  platform('customers', 'auth'),
  platform('projects', 'auth', 'project'),
  platform('users', 'auth'),
  platform('tokens', 'auth'),
  platform('sso-groups-roles', 'auth'),
  platform('nodes', 'core'),
  platform('pools', 'core'),
  platform('access-list', 'core', 'access-list', 'Blocklist'),
]

const BY_TYPE = new Map(TYPE_CATALOGUE.map((entry) => [entry.type, entry]))

/** The catalogue's row for an API type, or undefined for a name that is no resource type. */
export function typeEntryOf(type: string): TypeEntry | undefined {
  return BY_TYPE.get(type)
}

/** The configuration types, in the sidebar's order. */
export const CONFIGURATION_TYPES: readonly string[] = TYPE_CATALOGUE.filter((entry) => entry.configuration).map(
  (entry) => entry.type,
)
