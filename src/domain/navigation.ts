import { grantsAll, grantsAny } from './permissions.ts'

/** Who may see an element (spec section 6): every permission of `all`, or at least one of `any`. */
export type VisibilityRule = { all: readonly string[] } | { any: readonly string[] }

export function allows(permissions: readonly string[], rule: VisibilityRule): boolean {
  return 'all' in rule ? grantsAll(permissions, rule.all) : grantsAny(permissions, rule.any)
}

/**
 * A link to a page about the project in view, by default: its rule reads the permissions there. A
 * `platform` link leads to a platform-wide page (organizations, users, nodes…), which only what the
 * caller holds platform-wide opens: nothing, for a token limited to some projects or a role granted in
 * some projects only (docs/api.md, "Who reaches what").
 */
export type NavLink = { label: string; to: string; rule: VisibilityRule; platform?: true }
export type NavSection = { id: string; label: string; rule: VisibilityRule; links: readonly NavLink[] }

const SUPER = { all: ['wadp.*.*'] } as const
const CONFIGURATION_ANY = [
  'wadp.websites.get',
  'wadp.pagerules.list',
  'wadp.directors.list',
  'wadp.synthetics.list',
  'wadp.codesnippets.list',
] as const

export const HOME_LINK: NavLink = { label: 'Home', to: '/home', rule: { all: ['wadp.projects.get'] } }

/** The sidebar (spec section 2) with the visibility table of section 6. */
export const SIDEBAR: readonly NavSection[] = [
  {
    id: 'configuration',
    label: 'Configuration',
    rule: { any: CONFIGURATION_ANY },
    links: [
      { label: 'Websites', to: '/websites', rule: { all: ['wadp.websites.list', 'wadp.websites.get'] } },
      { label: 'Page Rules', to: '/page-rules', rule: { all: ['wadp.pagerules.list'] } },
      { label: 'Directors', to: '/directors', rule: { all: ['wadp.directors.list'] } },
      { label: 'Synthetic Responses', to: '/synthetic-responses', rule: { all: ['wadp.synthetics.list'] } },
      { label: 'VCL Snippets', to: '/code-snippets', rule: { all: ['wadp.codesnippets.list'] } },
    ],
  },
  {
    id: 'security',
    label: 'Security',
    rule: { any: ['wadp.wafconfigs.list', 'wadp.iplists.list', 'wadp.ratelimits.list', 'wadp.challenges.list'] },
    links: [
      { label: 'IP Lists', to: '/ipLists', rule: { all: ['wadp.iplists.list'] } },
      { label: 'Rate Limits', to: '/rate-limits', rule: { all: ['wadp.ratelimits.list'] } },
      { label: 'WAF Policies', to: '/waf-policies', rule: { all: ['wadp.wafconfigs.list'] } },
      { label: 'Captchas', to: '/captchas', rule: { all: ['wadp.challenges.list'] } },
    ],
  },
  {
    id: 'crypto',
    label: 'Crypto',
    rule: { any: ['wadp.sslpolicies.list', 'wadp.le-cert.list'] },
    links: [
      { label: 'TLS Policies', to: '/ssl-policies', rule: { all: ['wadp.sslpolicies.list'] } },
      { label: 'LE Certificates', to: '/managed-certificates', rule: { all: ['wadp.le-cert.list'] } },
    ],
  },
  {
    id: 'tool',
    label: 'Tool',
    rule: { any: ['wadp.le-cert.list', 'wadp.purge.create', 'wadp.stats.query', 'wadp.backups.list'] },
    links: [
      { label: 'Invalidation', to: '/invalidation', rule: { all: ['wadp.purge.create'] } },
      { label: 'Statistics', to: '/statistics', rule: { all: ['wadp.stats.query'] } },
      { label: 'Backups', to: '/backups', rule: { all: ['wadp.backups.list'] } },
    ],
  },
  {
    id: 'documentation',
    label: 'Documentation',
    rule: { any: [...CONFIGURATION_ANY, 'wadp.purge.create'] },
    links: [{ label: 'API Docs', to: '/api-docs', rule: { any: [...CONFIGURATION_ANY, 'wadp.purge.create'] } }],
  },
  {
    id: 'admin',
    label: 'Admin',
    rule: { any: ['auth.organizations.list', 'auth.customers.list', 'auth.projects.list', 'wadp.access-tokens.list'] },
    links: [
      { label: 'Projects', to: '/admin', rule: SUPER, platform: true },
      { label: 'Backend Health', to: '/backend-health', rule: SUPER, platform: true },
      { label: 'Nodes', to: '/nodes', rule: SUPER, platform: true },
      { label: 'Pools', to: '/pools', rule: SUPER, platform: true },
      { label: 'Blocklist', to: '/access-list', rule: SUPER, platform: true },
      { label: 'Users', to: '/users', rule: SUPER, platform: true },
      { label: 'Manage Tokens', to: '/tokens', rule: SUPER, platform: true },
      { label: 'Access Tokens', to: '/access-tokens', rule: { all: ['wadp.access-tokens.list'] } },
      { label: 'SSO Groups/Roles', to: '/sso-groups-roles', rule: SUPER, platform: true },
      { label: 'Audit Log', to: '/audit', rule: { all: ['wadp.audit.list'] }, platform: true },
      { label: 'Resources', to: '/resources', rule: SUPER },
      { label: 'Config Status', to: '/config-status', rule: SUPER, platform: true },
      {
        label: 'Management',
        to: '/management',
        rule: { any: ['auth.projects.delete', 'auth.customers.delete'] },
        platform: true,
      },
    ],
  },
]

/** Elements outside the sidebar that section 6 also governs. */
export const FEATURE_RULES = {
  quickSetup: { all: ['wadp.websites.create', 'wadp.directors.create'] },
  createCustomer: { all: ['auth.customers.create'] },
  createProject: { all: ['auth.projects.create'] },
  projectSyncStatus: { all: ['auth.projects.list'] },
  showAllVersions: { all: ['wadp.*.*'] },
} as const satisfies Record<string, VisibilityRule>

/**
 * The sidebar a user sees with `permissions` in the project in view and `platformPermissions`
 * platform-wide (the same list by default): hidden links dropped, empty sections dropped.
 */
export function visibleSidebar(
  permissions: readonly string[],
  platformPermissions: readonly string[] = permissions,
): { home: NavLink | null; sections: NavSection[] } {
  const opens = (link: NavLink) => allows(link.platform ? platformPermissions : permissions, link.rule)
  const sections = SIDEBAR.filter((section) => allows([...permissions, ...platformPermissions], section.rule))
    .map((section) => ({ ...section, links: section.links.filter(opens) }))
    .filter((section) => section.links.length > 0)
  return { home: opens(HOME_LINK) ? HOME_LINK : null, sections }
}
