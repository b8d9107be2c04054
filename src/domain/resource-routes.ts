/**
 * The console's route name for each API resource type (API.md table), so a search result of type
 * `pagerules` links to /page-rules-detail/{name}. Types whose route name equals the API name are absent.
 */
const ROUTE_NAMES: Record<string, string> = {
  projects: 'project',
  pagerules: 'page-rules',
  synthetics: 'synthetic-responses',
  codesnippets: 'code-snippets',
  wafconfigs: 'waf-policies',
  iplists: 'iplist',
  ratelimits: 'rate-limits',
  challenges: 'captchas',
  sslpolicies: 'ssl-policies',
  'le-cert': 'managed-certificates',
  backups: 'backup',
}

export function routeNameOf(apiType: string): string {
  return ROUTE_NAMES[apiType] ?? apiType
}

/** What the console calls each per-project type in lists and headings (the sidebar's words). */
const TYPE_LABELS: Record<string, string> = {
  websites: 'Websites',
  directors: 'Directors',
  pagerules: 'Page Rules',
  synthetics: 'Synthetic Responses',
  codesnippets: 'VCL Snippets',
  wafconfigs: 'WAF Policies',
  iplists: 'IP Lists',
  ratelimits: 'Rate Limits',
  challenges: 'Captchas',
  sslpolicies: 'TLS Policies',
  'le-cert': 'LE Certificates',
  'access-tokens': 'Access Tokens',
  'access-list': 'Blocklist',
}

export function typeLabelOf(apiType: string): string {
  return TYPE_LABELS[apiType] ?? apiType
}

/** A type's list page: `/websites`, `/page-rules`; IP lists keep the spec's `/ipLists`. */
export function listPathOf(apiType: string): string {
  return apiType === 'iplists' ? '/ipLists' : `/${routeNameOf(apiType)}`
}

/** One resource's detail page: `/websites-detail/shop`, `/iplist-detail/office`. */
export function detailPathOf(apiType: string, name: string): string {
  return `/${routeNameOf(apiType)}-detail/${encodeURIComponent(name)}`
}

/**
 * The page that shows a resource an audit entry names, or null when no page does (an organization or a
 * customer has no detail page; a backup or an invalidation is shown in its tool's list).
 */
export function pageOfResource(apiType: string, name: string): string | null {
  if (apiType === 'organizations' || apiType === 'customers') return null
  if (apiType === 'projects') return `/admin/projects-detail/${encodeURIComponent(name)}`
  if (apiType === 'backups') return '/backups'
  if (apiType === 'purge') return '/invalidation'
  return detailPathOf(apiType, name)
}

/** The platform-wide types and their service; every other type is a project's, on the core service. */
const PLATFORM_TYPES: Record<string, 'auth' | 'core'> = {
  organizations: 'auth',
  customers: 'auth',
  projects: 'auth',
  users: 'auth',
  tokens: 'auth',
  'sso-groups-roles': 'auth',
  nodes: 'core',
  pools: 'core',
  'access-list': 'core',
}

/** Where a reference picker reads the type it names. */
export function referenceTargetOf(type: string): {
  type: string
  service: 'core' | 'auth' | 'acme'
  scope: 'project' | 'platform'
} {
  const platform = PLATFORM_TYPES[type]
  if (platform) return { type, service: platform, scope: 'platform' }
  return { type, service: type === 'le-cert' ? 'acme' : 'core', scope: 'project' }
}
