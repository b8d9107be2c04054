import { grants } from '../../src/domain/permissions.ts'

export type ScopedGrant = { role: string; permissions: string[]; projects: string[] }

/** Who is calling, resolved from the bearer token once per request (and cached briefly). */
export type Principal = {
  authType: 'token' | 'oauth'
  email: string
  firstName: string
  lastName: string
  roles: string[]
  /** Effective permissions: the roles' grants, narrowed by the token's own list for API tokens. */
  permissions: string[]
  /** Projects an API token is limited to; null when it reaches every project. */
  projects: string[] | null
  /**
   * Roles granted in some projects only (SSO group/role mappings scoped to an organization, a customer
   * or a project, resolved to project names): their permissions join `permissions` in those projects.
   */
  scoped?: ScopedGrant[]
  expiresAt: Date
  token?: { name: string; prefix: string }
}

/**
 * What the principal may do in `project`, or platform-wide when no project is named. Platform-wide, only
 * what reaches every project counts: a token limited to some projects holds nothing there, and roles
 * granted in some projects only (scoped SSO mappings) never join (docs/api.md, "Who reaches what").
 */
export function permissionsIn(principal: Principal, project?: string): string[] {
  if (project === undefined) return principal.projects === null ? principal.permissions : []
  if (principal.projects !== null && !principal.projects.includes(project)) return []
  const scoped = (principal.scoped ?? []).filter((grant) => grant.projects.includes(project))
  if (scoped.length === 0) return principal.permissions
  return [...new Set([...principal.permissions, ...scoped.flatMap((grant) => grant.permissions)])]
}

/**
 * Where the principal holds `permission`: everywhere (null), or in these projects only (an empty list:
 * nowhere). A platform read that answers for the caller's projects only (the audit log, backend
 * health, statistics) filters with it.
 */
export function projectsWhere(principal: Principal, permission: string): string[] | null {
  const unscoped = grants(principal.permissions, permission)
  if (unscoped && principal.projects === null) return null
  const found = new Set(unscoped ? principal.projects : [])
  for (const grant of principal.scoped ?? []) {
    if (grants(grant.permissions, permission)) for (const project of grant.projects) found.add(project)
  }
  return [...found].sort()
}

/** What decides which projects a principal reaches, as a cache key (the project selector's answer). */
export function reachKey(principal: Principal): string {
  const everywhere = principal.permissions.length === 0 ? 'none' : (principal.projects?.join(',') ?? '*')
  const scoped = [...new Set((principal.scoped ?? []).flatMap((grant) => grant.projects))].sort().join(',')
  return `${everywhere}|${scoped}`
}

export function may(principal: Principal, permission: string, project?: string): boolean {
  return grants(permissionsIn(principal, project), permission)
}

export function reachesProject(principal: Principal, project: string): boolean {
  return permissionsIn(principal, project).length > 0
}

export function actorOf(principal: Principal | undefined, request: { ip: string; userAgent: string }) {
  return {
    type: principal === undefined ? 'system' : principal.token ? 'token' : 'user',
    email: principal?.email ?? null,
    token_prefix: principal?.token?.prefix ?? null,
    ip: request.ip,
    user_agent: request.userAgent,
  }
}
