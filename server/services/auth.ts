import * as v from 'valibot'
import { PermissionsQuery, ProjectParam, ProjectSearchQuery, TokenLogin } from '../../src/domain/requests.ts'
import { recordAudit } from '../audit.ts'
import type { ServerContext } from '../context.ts'
import { ApiError, notFound } from '../http/errors.ts'
import { actorOf, permissionsIn, reachesProject } from '../http/principal.ts'
import { ServiceRouter } from '../http/service.ts'
import { registerResource } from '../resources/router.ts'
import { customers, organizations, projects, tokens, users } from '../resources/types.ts'
import { registerAudit } from './audit.ts'
import { registerUtils } from './utils.ts'

export function authService(ctx: ServerContext): ServiceRouter {
  const router = new ServiceRouter('auth', ctx)
  registerUtils(router)

  router.route({
    method: 'post',
    path: '/login',
    tag: 'session',
    summary: 'Sign in with an API token or an OpenID Connect access token',
    access: { public: true },
    body: TokenLogin,
    status: 200,
    handler: async ({ c, body }) => {
      const request = { ip: c.req.header('x-forwarded-for') ?? 'unknown', userAgent: c.req.header('user-agent') ?? '' }
      try {
        const principal = await ctx.auth.resolve(body.token)
        await recordAudit(ctx.db, { actor: actorOf(principal, request) as never, action: 'login', result: 'success' })
        return c.json({
          data: {
            user: {
              username: principal.email,
              email: principal.email,
              first_name: principal.firstName,
              last_name: principal.lastName,
              roles: principal.roles,
            },
            auth_type: principal.authType,
            expires_at: principal.expiresAt.toISOString(),
          },
        })
      } catch (error) {
        if (error instanceof ApiError) {
          const actor = {
            type: 'token' as const,
            email: null,
            token_prefix: body.token.slice(0, 6),
            ip: request.ip,
            user_agent: request.userAgent,
          }
          await recordAudit(ctx.db, { actor, action: 'login', result: 'failure' })
        }
        throw error
      }
    },
  })

  router.route({
    method: 'get',
    path: '/auth/check',
    tag: 'session',
    summary: 'Whether the presented token is still valid (the console checks every 30 s)',
    access: { authenticated: true, note: 'any valid token' },
    handler: async ({ c, principal }) =>
      c.json({ data: { valid: true, expires_at: principal.expiresAt.toISOString() } }),
  })

  router.route({
    method: 'get',
    path: '/auth/permissions',
    tag: 'permissions',
    summary: 'The caller’s permissions, globally or in one project',
    access: { authenticated: true, note: 'any valid token' },
    query: PermissionsQuery,
    handler: async ({ c, query, principal }) => {
      const project = query.scope_type === 'project' ? query.scope_value : undefined
      return c.json({ data: permissionsIn(principal, project) })
    },
  })

  router.route({
    method: 'get',
    path: '/projects/:project/permissions',
    summary: 'The caller’s permissions in one project',
    access: { authenticated: true, note: 'any valid token' },
    params: v.object({ project: ProjectParam }),
    handler: async ({ c, params, principal }) => {
      if (!(await ctx.tenancy.projectExists(params.project))) throw notFound(`project ${params.project}`)
      return c.json({ data: permissionsIn(principal, params.project) })
    },
  })

  router.route({
    method: 'get',
    path: '/search/projects',
    tag: 'projects',
    summary: 'Projects the caller can reach, with their customer and organization',
    access: { authenticated: true, note: 'lists only the projects the caller has permissions in' },
    query: ProjectSearchQuery,
    handler: async ({ c, query, principal }) => {
      const q = query.q ?? ''
      // Reachability depends only on the token's project list and on holding any permission at all.
      const reach = principal.permissions.length === 0 ? 'none' : (principal.projects?.join(',') ?? '*')
      const body = await ctx.tenancy.answer(`search|${reach}|${query.items}|${q}`, (projects) => {
        const reachable = projects.filter(
          (p) =>
            reachesProject(principal, p.name) &&
            (q === '' || p.name.includes(q) || (p.display_name ?? '').toLowerCase().includes(q)),
        )
        return JSON.stringify({
          data: reachable.slice(0, query.items),
          meta: { total: reachable.length, page: 1, items: query.items },
        })
      })
      return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' })
    },
  })

  registerResource(router, ctx.resources, organizations)
  registerResource(router, ctx.resources, customers)
  registerResource(router, ctx.resources, projects, {
    alsoReadableBy: (principal, name) => reachesProject(principal, name),
  })
  registerResource(router, ctx.resources, users, { alsoReadableBy: (principal, email) => principal.email === email })
  registerResource(router, ctx.resources, tokens)
  registerAudit(router, ctx)
  return router
}
