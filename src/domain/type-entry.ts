/** Who may see an element (spec section 6): every permission of `all`, or at least one of `any`. */
export type VisibilityRule = { all: readonly string[] } | { any: readonly string[] }

/** Whoever holds everything (spec section 6: the Admin pages but Access Tokens). */
export const SUPER = { all: ['wadp.*.*'] } as const

/** The sidebar's sections that list resource types (the others list tools: `src/types/navigation.ts`). */
export type TypeSection = 'configuration' | 'security' | 'crypto' | 'admin'

/**
 * A resource type of the API (API.md's table) as the whole console knows it: the row of
 * `src/types/<type>/type.ts`, listed by `src/types/registry.ts`. The route table, the sidebar, the roles,
 * the permission catalogue and the reference pickers are read from these rows, and
 * `tests/server/references.test.ts` holds the server's definitions against them. Light on purpose (no
 * fields, no screens), so that any page may import the registry.
 */
export type TypeEntry = {
  /** The API's name for the type: `wafconfigs`. */
  type: string
  /** The console's route name: `/waf-policies`, `/waf-policies-detail/{name}`. */
  route: string
  /** The route parameter naming one in its detail and edit paths (spec section 2's table): `waf_policy_name`. */
  param?: string
  /** The list page, where it is not `/{route}` (IP lists keep the spec's `/ipLists`). */
  listPath?: string
  /** What the console calls it in lists and headings (the sidebar's words). */
  label: string
  /**
   * One of them, in a sentence (`rate limit`, `LE certificate`): audit actions, search results and
   * notices name a resource with it. A type's screen says the same (tests/domain/resource-definitions.test.ts).
   */
  one: string
  /**
   * What protects a website's traffic (a WAF or TLS policy, a rate limit, a captcha, the IP lists they
   * exempt): a website's page lists every one that applies to it, and where it comes from.
   */
  protection?: true
  /** A project's, or the platform's. */
  scope: 'project' | 'platform'
  service: 'core' | 'auth' | 'acme'
  /** Configuration an operator manages (RESOURCES.md: Configuration, Security, Crypto). */
  configuration?: true
  /** What operators manage and viewers read in a project (roles.ts): configuration, certificates, backups. */
  operated?: true
  /** The actions its permissions name (the permission catalogue); list, get, create, update and delete by default. */
  actions?: readonly string[]
  /** Served by a feature of its own (server/services/backups/), not by the resource mechanism. */
  feature?: true
  /**
   * The page that shows one of them (`{name}` stands for its name), where it is not its detail page;
   * null when none does (an organization or a customer is shown in the admin's Projects list).
   */
  page?: string | null
  /**
   * Its pages whose route file is written by hand, adding to the generic page (the Blocklist's paste and
   * sync buttons); the others are written by `npm run types` from the screen.
   */
  ownPages?: readonly ('list' | 'add' | 'detail' | 'edit')[]
  /** Its link in the sidebar: the section, and who sees it (its list permission in the project by default). */
  nav?: { section: TypeSection; label?: string; rule?: VisibilityRule; platform?: true }
}

/** The permission service of a type's permissions: `auth.users.list`, `wadp.websites.list`. */
export const permissionServiceOf = (entry: TypeEntry): 'auth' | 'wadp' => (entry.service === 'auth' ? 'auth' : 'wadp')

/** A configuration type of a project, managed by operators, with its sidebar link. */
export const configuration = (
  type: string,
  route: string,
  label: string,
  one: string,
  param: string,
  nav: NonNullable<TypeEntry['nav']>,
): TypeEntry => ({
  type,
  route,
  param,
  label,
  one,
  scope: 'project',
  service: 'core',
  configuration: true,
  operated: true,
  nav,
})

/** A platform-wide type, whose page in the Admin section only a holder of everything opens. */
export const platform = (
  type: string,
  service: 'core' | 'auth',
  label: string,
  one: string,
  param?: string,
): TypeEntry => ({
  type,
  route: type,
  ...(param ? { param } : {}),
  label,
  one,
  scope: 'platform',
  service,
  nav: { section: 'admin', rule: SUPER, platform: true },
})
