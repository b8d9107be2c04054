import * as v from 'valibot'
import { Slug } from '../../src/domain/common.ts'
import { listQuery } from '../../src/domain/requests.ts'
import { forbidden } from '../http/errors.ts'
import { actorOf, may, type Principal } from '../http/principal.ts'
import { type ApiContext, readJson, type ServiceRouter } from '../http/service.ts'
import { bodySchema, permissionOf, type ResourceDefinition, sortablePaths } from './definition.ts'
import { type Caller, parseIfMatch, type ResourceService } from './service.ts'

export function callerOf(c: ApiContext, principal: Principal): Caller {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
  return {
    principal,
    actor: actorOf(principal, {
      ip: forwarded ?? socket?.remoteAddress ?? 'unknown',
      userAgent: c.req.header('user-agent') ?? '',
    }) as Caller['actor'],
  }
}

const CascadeQuery = v.object({
  cascade: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
})

function etag(revision: number) {
  return `"${revision}"`
}

/**
 * Serves a resource type's list, get, create, update (PUT and PATCH) and delete endpoints, each
 * declaring the permission that API.md derives from the method.
 */
export function registerResource(
  router: ServiceRouter,
  resources: ResourceService,
  definition: ResourceDefinition,
  options: {
    alsoReadableBy?: (principal: Principal, name: string) => boolean
    /** Methods that change a resource; a type changed only by PATCH (LE certificates) has no PUT. */
    updates?: readonly ('put' | 'patch')[]
  } = {},
) {
  resources.register(definition)
  const projectScoped = definition.scope === 'project'
  const base = projectScoped ? `/projects/:project/${definition.type}` : `/${definition.type}`
  const scopeOf = (c: ApiContext) => (projectScoped ? (c.req.param('project') ?? '') : '')
  const nameSchema = definition.key?.schema ?? Slug
  const collectionParams = projectScoped ? v.object({ project: Slug }) : undefined
  const itemParams = projectScoped ? v.object({ project: Slug, name: nameSchema }) : v.object({ name: nameSchema })
  const sortable = ['name', 'display_name', 'created_at', 'updated_at', 'revision', ...sortablePaths(definition)]
  const label = definition.label
  const filterable = definition.listFilters ?? []

  router.route({
    method: 'get',
    path: base,
    summary:
      filterable.length > 0
        ? `List ${definition.type} (filter by ${filterable.join(', ')})`
        : `List ${definition.type}`,
    access: { permission: permissionOf(definition, 'list') },
    params: collectionParams,
    query: listQuery(sortable, filterable),
    handler: async ({ c, query }) => {
      const asked = query as Record<string, unknown>
      const filters = Object.fromEntries(
        filterable.filter((field) => typeof asked[field] === 'string').map((field) => [field, String(asked[field])]),
      )
      const { body } = await resources.listBody(definition, scopeOf(c), { ...query, filters })
      return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' })
    },
  })

  const readPermission = permissionOf(definition, 'get')
  const alsoReadableBy = options.alsoReadableBy
  router.route({
    method: 'get',
    path: `${base}/:name`,
    summary: `Get one ${label}`,
    access: alsoReadableBy
      ? { authenticated: true, note: `${readPermission}, or the caller's own ${label}` }
      : { permission: readPermission },
    params: itemParams,
    handler: async ({ c, params, principal }) => {
      if (alsoReadableBy && !may(principal, readPermission) && !alsoReadableBy(principal, params.name)) {
        throw forbidden(readPermission)
      }
      const { body, etag: tag } = await resources.getBody(definition, scopeOf(c), params.name)
      return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8', ...(tag ? { ETag: tag } : {}) })
    },
  })

  router.route({
    method: 'post',
    path: base,
    summary: `Create a ${label}`,
    access: { permission: permissionOf(definition, 'create') },
    params: collectionParams,
    documentedBody: bodySchema(definition, 'create'),
    handler: async ({ c, principal }) => {
      const { record } = await resources.create(definition, scopeOf(c), await readJson(c), callerOf(c, principal))
      c.header('ETag', etag(record.revision))
      c.header('Location', `${c.req.path}/${encodeURIComponent(record.name)}`)
      return c.json({ data: record }, 201)
    },
  })

  for (const method of options.updates ?? (['put', 'patch'] as const)) {
    router.route({
      method,
      path: `${base}/:name`,
      summary:
        method === 'put'
          ? `Replace a ${label} (If-Match required)`
          : `Change some fields of a ${label} (If-Match required)`,
      access: { permission: permissionOf(definition, 'update') },
      params: itemParams,
      documentedBody: bodySchema(definition, 'update'),
      handler: async ({ c, params, principal }) => {
        const precondition = parseIfMatch(c.req.header('if-match'))
        const record = await resources.update(
          definition,
          scopeOf(c),
          params.name,
          precondition,
          await readJson(c),
          callerOf(c, principal),
          method === 'patch',
        )
        c.header('ETag', etag(record.revision))
        return c.json({ data: record })
      },
    })
  }

  const cascade = definition.cascadesTo
  router.route({
    method: 'delete',
    path: `${base}/:name`,
    summary: cascade
      ? `Delete a ${label} (If-Match required; 409 while referenced, unless cascade=true also deletes its ${cascade.join(', ')} and all they hold, in one transaction)`
      : `Delete a ${label} (If-Match required; 409 while referenced)`,
    access: { permission: permissionOf(definition, 'delete') },
    params: itemParams,
    query: cascade ? CascadeQuery : undefined,
    handler: async ({ c, params, principal, query }) => {
      const precondition = parseIfMatch(c.req.header('if-match'))
      await resources.remove(definition, scopeOf(c), params.name, precondition, callerOf(c, principal), {
        cascade: query?.cascade === 'true',
      })
      return c.body(null, 204)
    },
  })

  if (definition.revocable) {
    router.route({
      method: 'post',
      path: `${base}/:name/revoke`,
      summary: `Revoke a ${label} (If-Match required): it stops working at once and cannot be made active again`,
      access: { permission: permissionOf(definition, 'update') },
      params: itemParams,
      status: 200,
      handler: async ({ c, params, principal }) => {
        // A missing one is a 404 whatever the headers, as for the other methods on an item.
        await resources.get(definition, scopeOf(c), params.name)
        const precondition = parseIfMatch(c.req.header('if-match'))
        const record = await resources.revoke(definition, scopeOf(c), params.name, precondition, callerOf(c, principal))
        c.header('ETag', etag(record.revision))
        return c.json({ data: record })
      },
    })
  }
}
