import { and, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { ProjectSummary } from '../../src/domain/project.ts'
import { nameParam, PermissionsQuery, ProjectParam, ProjectSearchQuery, TokenLogin } from '../../src/domain/requests.ts'
import { LoginResult } from '../../src/domain/session.ts'
import { type AuditActor, recordAudit } from '../audit.ts'
import { signInCounted, tooManyFailedSignIns } from '../auth/sign-in-limit.ts'
import { ApiError, notFound } from '../base/errors.ts'
import { actorOf, type Principal, permissionsIn, reachesProject, reachKey } from '../base/principal.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { cacheGroup } from '../db/generations.ts'
import { resources } from '../db/schema.ts'
import { jsonBody } from '../http/compress.ts'
import { requestOrigin } from '../http/resource-router.ts'
import { ServiceRouter } from '../http/service.ts'
import { registerTypes, type TypeList } from '../http/type-routes.ts'
import { getResource, toRecord } from '../resources/store.ts'
import { deletionPreview } from '../resources/tenancy-deletion.ts'
import { registerAudit } from './audit.ts'
import { registerUtils } from './utils.ts'

const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description))

/** What `POST /login` and `GET /auth/check` answer: the session the console keeps (src/domain/session.ts). */
const LoginAnswer = v.object({ data: described(LoginResult, 'Whose token it is, its kind and when it expires') })
const CheckAnswer = v.object({
  data: described(
    v.object({ valid: described(v.literal(true), 'Always true: an invalid token gets 401'), ...LoginResult.entries }),
    'The session, as POST /login answers it',
  ),
})
const PermissionsAnswer = v.object({
  data: described(v.array(v.string()), 'Permission strings, such as wadp.websites.list'),
})
const ProjectSearchAnswer = v.object({
  data: described(v.array(ProjectSummary), 'The projects the caller reaches, by name'),
  meta: v.object({ total: v.number(), page: v.number(), items: v.number() }),
})

export function authService(ctx: ServerContext, types: TypeList): ServiceRouter {
  const router = new ServiceRouter('auth', ctx)
  registerUtils(router)

  router.route({
    method: 'post',
    path: '/login',
    tag: 'session',
    summary: 'Sign in with an API token or an OpenID Connect access token',
    description:
      'Each call is a sign-in: it writes a `login` audit entry (success, or failure with the token’s first 6 characters) and stamps the user’s `last_login_at`. After 10 failed sign-ins from one address within a minute, a further failure answers 429 with `Retry-After` and is not recorded; a valid token still signs in. To ask whether a stored token still holds, use `GET /auth/check`, which records nothing.',
    access: { public: true },
    body: TokenLogin,
    status: 200,
    response: LoginAnswer,
    errors: [401, 429],
    example: { token: 'Hn4rQ8wZ1xK7pV3mT9cL5bJ2dF6gS0aY4eU8iO1qR7t' },
    handler: async ({ c, body }) => {
      const request = requestOrigin(c, ctx.config.trustedProxies)
      try {
        const principal = await ctx.auth.resolve(body.token)
        const actor = actorOf(principal, request) as AuditActor
        await recordAudit(ctx.db, { actor, action: 'login', result: 'success' })
        await recordSignIn(ctx, principal.email, actor)
        return c.json({ data: sessionOf(principal) })
      } catch (error) {
        if (error instanceof ApiError) {
          const actor = {
            type: 'token' as const,
            email: null,
            token_prefix: body.token.slice(0, 6),
            ip: request.ip,
            user_agent: request.userAgent,
          }
          // Counted and recorded in one step: failures sent at once cannot all pass the count.
          const wait = await signInCounted(ctx.db, request.ip, { actor, action: 'login', result: 'failure' })
          if (wait !== null) throw tooManyFailedSignIns(wait)
        }
        throw error
      }
    },
  })

  /** The caller's permissions in a project it reaches; any other project is refused, existing or not. */
  const permissionsInProject = async (principal: Principal, project: string) => {
    const permissions = permissionsIn(principal, project)
    if (permissions.length === 0) throw new ApiError(403, `no permission in project ${project}`)
    if (!(await ctx.tenancy.projectExists(project))) throw notFound(`project ${project}`)
    return permissions
  }

  // A session check is no sign-in: it records nothing, so reloads and the 30 s checks leave the audit log
  // (and the user's last sign-in) alone.
  router.route({
    method: 'get',
    path: '/auth/check',
    tag: 'session',
    summary: 'Whether the presented token is still valid, and whose it is',
    description:
      'The console restores a stored session with it and checks the token every 30 s. It answers what `POST /login` does, without recording a sign-in: no audit entry, no `last_login_at`.',
    access: { authenticated: true, note: 'any valid token' },
    response: CheckAnswer,
    handler: async ({ c, principal }) => c.json({ data: { valid: true, ...sessionOf(principal) } }),
  })

  router.route({
    method: 'get',
    path: '/auth/permissions',
    tag: 'permissions',
    summary: 'The caller’s permissions, globally or in one project',
    description:
      'Globally: what the caller holds platform-wide, which is nothing for a token limited to some projects and never includes roles granted in some projects only.',
    access: { authenticated: true, note: 'any valid token; within a project, any permission there' },
    query: PermissionsQuery,
    response: PermissionsAnswer,
    handler: async ({ c, query, principal }) => {
      const project = query.scope_type === 'project' ? query.scope_value : undefined
      if (project !== undefined) return c.json({ data: await permissionsInProject(principal, project) })
      return c.json({ data: permissionsIn(principal) })
    },
  })

  router.route({
    method: 'get',
    path: '/projects/:project/permissions',
    summary: 'The caller’s permissions in one project',
    access: { authenticated: true, note: 'any permission in the project' },
    params: v.object({ project: ProjectParam }),
    response: PermissionsAnswer,
    handler: async ({ c, params, principal }) =>
      c.json({ data: await permissionsInProject(principal, params.project) }),
  })

  router.route({
    method: 'get',
    path: '/search/projects',
    tag: 'projects',
    summary: 'Projects the caller can reach, with their customer and organization',
    access: { authenticated: true, note: 'lists only the projects the caller has permissions in' },
    query: ProjectSearchQuery,
    response: ProjectSearchAnswer,
    handler: async ({ c, query, principal }) => {
      const q = query.q ?? ''
      // Reachability depends only on the token's project list, on holding any permission at all, and on
      // the projects of roles granted in some projects only.
      const reach = reachKey(principal)
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
      return jsonBody(c, body)
    },
  })

  registerTypes(router, ctx, types)
  registerDeletionPreviews(router, ctx)
  registerAudit(router, ctx)
  return router
}

/** What `POST /login` and `GET /auth/check` say of the session a token opens. */
function sessionOf(principal: Principal) {
  return {
    user: {
      username: principal.email,
      email: principal.email,
      first_name: principal.firstName,
      last_name: principal.lastName,
      roles: principal.roles,
    },
    auth_type: principal.authType,
    expires_at: principal.expiresAt.toISOString(),
  }
}

/**
 * A successful sign-in stamps the user's `last_login_at` (bookkeeping: no revision, no audit entry of
 * its own beside the `login` one). An invited user's first sign-in makes them active: a change, with a
 * new revision and a `users.activate` entry.
 */
async function recordSignIn(ctx: ServerContext, email: string, actor: AuditActor) {
  const at = new Date(ctx.now()).toISOString()
  await ctx.db.transaction(async (tx) => {
    const before = await getResource(tx as Db, 'users', '', email)
    if (!before) return
    const activate = before.status === 'invited'
    const stamped = sql`jsonb_set(${resources.data}, '{last_login_at}', to_jsonb(${at}::text))`
    const rows = await tx
      .update(resources)
      .set(
        activate
          ? {
              data: sql`${stamped} || '{"status": "active"}'::jsonb`,
              revision: sql`${resources.revision} + 1`,
              updatedAt: at,
              updatedBy: email,
            }
          : { data: stamped },
      )
      .where(and(eq(resources.type, 'users'), eq(resources.scope, ''), eq(resources.name, email)))
      .returning()
    const after = rows[0]
    if (activate && after) {
      await recordAudit(tx as Db, {
        actor,
        action: 'users.activate',
        result: 'success',
        resource: { type: 'users', name: email },
        changes: { before, after: toRecord(after) },
      })
    }
    await ctx.generations.bump(tx as Db, [cacheGroup('users', '')])
  })
  ctx.resources.changed(ctx.resources.registered('users'), '')
}

/** What a deletion removes (`deletionPreview`), as openapi.json describes it. */
const DeletionPreview = v.object({
  data: v.object({
    projects: v.pipe(v.array(v.string()), v.description('The projects deleted, sorted by name')),
    resources: v.pipe(
      v.record(v.string(), v.pipe(v.number(), v.description('How many of this type'))),
      v.description('Resources stored in those projects, counted by API type (websites, backups, purge…)'),
    ),
    tokens_limited_to_it: v.pipe(
      v.number(),
      v.description(
        'API tokens whose projects list names one of them: each loses it, and one left with none is revoked',
      ),
    ),
  }),
})

/** What deleting a customer or a project removes, for the management pages to show before asking. */
function registerDeletionPreviews(router: ServiceRouter, ctx: ServerContext) {
  router.route({
    method: 'get',
    path: '/customers/:name/deletion-preview',
    summary: 'Preview the deletion of a customer',
    description:
      'What `DELETE /customers/{name}?cascade=true` removes: its projects, their resources by type, and the API tokens limited to them.',
    access: { permission: 'auth.customers.delete' },
    params: v.object({ name: nameParam('customer') }),
    response: DeletionPreview,
    handler: async ({ c, params }) => {
      await ctx.resources.get(ctx.resources.registered('customers'), '', params.name)
      const projects = (await ctx.tenancy.projects()).filter((p) => p.customer.name === params.name).map((p) => p.name)
      return c.json({ data: await deletionPreview(ctx.db, projects) })
    },
  })

  router.route({
    method: 'get',
    path: '/projects/:name/deletion-preview',
    summary: 'Preview the deletion of a project',
    description: 'What `DELETE /projects/{name}` removes: its resources by type, and the API tokens limited to it.',
    access: { permission: 'auth.projects.delete' },
    params: v.object({ name: nameParam('project') }),
    response: DeletionPreview,
    handler: async ({ c, params }) => {
      await ctx.resources.get(ctx.resources.registered('projects'), '', params.name)
      return c.json({ data: await deletionPreview(ctx.db, [params.name]) })
    },
  })
}
