import { grants } from '../../src/domain/permissions.ts'

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
  expiresAt: Date
  token?: { name: string; prefix: string }
}

export function permissionsIn(principal: Principal, project?: string): string[] {
  if (project !== undefined && principal.projects !== null && !principal.projects.includes(project)) return []
  return principal.permissions
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
