import type { Context, MiddlewareHandler } from 'hono'
import { forbidden, notFound } from '../base/errors.ts'
import { may, type Principal, projectsWhere } from '../base/principal.ts'

/** What the middleware keep on a request: the caller, once authenticated. */
export type AppEnv = { Variables: { principal?: Principal; params?: unknown; trustedProxies?: number } }
export type ApiContext = Context<AppEnv>

/**
 * Who may call an endpoint. `permission` is checked against the caller's permissions in the path's
 * `:project` when the path has one, else platform-wide (which a token limited to some projects never
 * reaches). `within: 'projects'` marks a platform read that answers for the caller's projects only: it
 * needs the permission in one project at least, and its handler filters with `projectsWhere`.
 * `authenticated` endpoints check finer rules themselves.
 */
export type Access =
  | { public: true }
  /**
   * An edge agent's call: no user's token, but its node's own secret, checked by `verify` (from the
   * Authorization header and the node named in the path) before the query and the body are read.
   */
  | { nodeSecret: NodeSecretCheck }
  | { authenticated: true; note: string }
  | { permission: string | string[]; within?: 'projects' }

type NodeSecretCheck = { verify(authorization: string | undefined, node: string): Promise<void> }
type PermissionAccess = { permission: string | string[]; within?: 'projects' }

/** The permission of `access` the principal lacks (in `project` when the path names one), if any. */
export function missingPermission(principal: Principal, access: PermissionAccess, project?: string) {
  const wanted = [access.permission].flat()
  if (access.within === 'projects' && project === undefined)
    return wanted.find((permission) => projectsWhere(principal, permission)?.length === 0)
  return wanted.find((permission) => !may(principal, permission, project))
}

/** 401 unless the Authorization header's bearer token resolves to a caller, who is kept as `principal`. */
export function authentication(auth: {
  authenticate(header: string | undefined): Promise<Principal>
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('principal', await auth.authenticate(c.req.header('authorization')))
    await next()
  }
}

/** 401 unless the request carries the secret of the edge node its path names (`:name`). */
export function nodeSecret(check: NodeSecretCheck): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await check.verify(c.req.header('authorization'), c.req.param('name') ?? '')
    await next()
  }
}

/** 403 unless the authenticated caller holds the permission, in the path's `:project` when it has one. */
export function permission(access: PermissionAccess): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal')
    const missing = principal
      ? missingPermission(principal, access, c.req.param('project'))
      : [access.permission].flat()[0]
    if (missing) throw forbidden(missing)
    await next()
  }
}

/** 404 when the path names a project (`:project`) that does not exist. */
export function projectExistence(tenancy: {
  projectExists(name: string): Promise<boolean>
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const project = c.req.param('project')
    if (project !== undefined && !(await tenancy.projectExists(project))) throw notFound(`project ${project}`)
    await next()
  }
}
