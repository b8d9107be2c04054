import { grantsAll, grantsAny } from '../domain/permissions.ts'
import { permissionServiceOf, SUPER, type TypeSection, type VisibilityRule } from '../domain/type-entry.ts'
import { TYPE_CATALOGUE } from './registry.ts'

export type { VisibilityRule } from '../domain/type-entry.ts'

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

const CONFIGURATION_ANY = [
  'wadp.websites.get',
  'wadp.pagerules.list',
  'wadp.directors.list',
  'wadp.synthetics.list',
  'wadp.codesnippets.list',
] as const

export const HOME_LINK: NavLink = { label: 'Home', to: '/home', rule: { all: ['wadp.projects.get'] } }

/** The links of a section's resource types, in the registry's order (each type's `nav`). */
function typeLinks(section: TypeSection): NavLink[] {
  return TYPE_CATALOGUE.flatMap((entry) => {
    const nav = entry.nav
    if (nav?.section !== section) return []
    const rule = nav.rule ?? { all: [`${permissionServiceOf(entry)}.${entry.type}.list`] }
    const link: NavLink = { label: nav.label ?? entry.label, to: entry.listPath ?? `/${entry.route}`, rule }
    return [nav.platform ? { ...link, platform: true } : link]
  })
}

/** A section of resource types only: shown to whoever may open one of its links. */
function typeSection(id: TypeSection, label: string): NavSection {
  const links = typeLinks(id)
  const permissions = links.flatMap((link) => ('all' in link.rule ? link.rule.all : link.rule.any))
  return { id, label, rule: { any: [...new Set(permissions)] }, links }
}

/** The sidebar (spec section 2) with the visibility table of section 6; the types' links come from the registry. */
export const SIDEBAR: readonly NavSection[] = [
  typeSection('configuration', 'Configuration'),
  typeSection('security', 'Security'),
  typeSection('crypto', 'Crypto'),
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
      ...typeLinks('admin'),
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
