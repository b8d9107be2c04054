import * as v from 'valibot'
import { Slug } from '../../src/domain/common.ts'
import { listQuery, ProjectParam } from '../../src/domain/requests.ts'
import type { ResourceExample } from '../../src/domain/resource-example.ts'
import { requestOriginOf } from '../base/client-address.ts'
import { forbidden } from '../base/errors.ts'
import { actorOf, may, type Principal } from '../base/principal.ts'
import type { Caller, ResourceRouteOptions } from '../resources/definition.ts'
import {
  bodySchema,
  permissionOf,
  pluralOf,
  type ResourceDefinition,
  responseSchemas,
  sortablePaths,
  withArticle,
} from '../resources/definition.ts'
import { parseIfMatch, type ResourceService } from '../resources/service.ts'
import { jsonBody } from './compress.ts'
import type { ApiContext } from './middleware.ts'
import type { ReceivedRequest } from './request-body.ts'
import { resourceExamples } from './resource-examples.ts'
import { readJson, type ServiceRouter } from './service.ts'

/** Where the request came from and with what, as the audit log records it (`clientAddress`). */
export function requestOrigin(c: ApiContext, trustedProxies: number) {
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
  return requestOriginOf(
    { forwardedFor: c.req.header('x-forwarded-for'), userAgent: c.req.header('user-agent') },
    socket?.remoteAddress,
    trustedProxies,
  )
}

export function callerOf(c: ApiContext, principal: Principal): Caller {
  return {
    principal,
    actor: actorOf(principal, requestOrigin(c, c.get('trustedProxies') ?? 0)) as Caller['actor'],
  }
}

/**
 * The caller of a write that commits within `deadlineMs` of the request's arrival or not at all
 * (server/resources/deadline.ts, `WADP_WRITE_DEADLINE_MS`): every write the console gives its 5 s (one
 * resource's create, change, revoke or delete; an invalidation, a manual backup, quick setup, node
 * maintenance, a node's new secret, a certificate's renewal).
 */
export function writerOf(c: ApiContext, principal: Principal, deadlineMs: number): Caller {
  const received = (c.env as { incoming?: ReceivedRequest } | undefined)?.incoming?.receivedAt
  return { ...callerOf(c, principal), deadline: (received ?? Date.now()) + deadlineMs }
}

const CascadeQuery = v.object({
  cascade: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'must be true or false'),
      v.description('true also deletes what names it (a customer’s projects and all they hold)'),
    ),
  ),
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
  options: ResourceRouteOptions & { example?: ResourceExample } = {},
) {
  resources.register(definition)
  const projectScoped = definition.scope === 'project'
  const base = projectScoped ? `/projects/:project/${definition.type}` : `/${definition.type}`
  const scopeOf = (c: ApiContext) => (projectScoped ? (c.req.param('project') ?? '') : '')
  const nameSchema = v.pipe(definition.key?.schema ?? Slug, v.description(`The ${definition.label}’s name`))
  const collectionParams = projectScoped ? v.object({ project: ProjectParam }) : undefined
  const itemParams = projectScoped
    ? v.object({ project: ProjectParam, name: nameSchema })
    : v.object({ name: nameSchema })
  const sortable = ['name', 'display_name', 'created_at', 'updated_at', 'revision', ...sortablePaths(definition)]
  const label = definition.label
  const filterable = [...(definition.listFilters ?? []), ...Object.keys(definition.filterThrough ?? {})]
  const one = withArticle(label)
  const responses = responseSchemas(definition)
  const examples = options.example ? resourceExamples(definition, options.example) : undefined
  const writer = (c: ApiContext, principal: Principal) => writerOf(c, principal, router.ctx.config.writeDeadlineMs)
  const ifMatch = `Send the ETag of the ${label} you read as If-Match (\`*\` to skip the check); a stale one gets 409.`

  router.route({
    method: 'get',
    path: base,
    summary: `List ${pluralOf(definition)}`,
    description: [
      'One page at a time, filtered by name or display name (`q`) and sorted by any field (`sort`).',
      filterable.length > 0
        ? `Also filtered by ${filterable.map((field) => `\`${field}\``).join(', ')}: the value a field holds, or one of the values of a list field.`
        : '',
    ]
      .filter(Boolean)
      .join(' '),
    access: { permission: permissionOf(definition, 'list') },
    params: collectionParams,
    query: listQuery(sortable, filterable),
    response: responses.list,
    responseExample: examples?.list,
    handler: async ({ c, query }) => {
      const asked = query as Record<string, unknown>
      const filters = Object.fromEntries(
        filterable.filter((field) => typeof asked[field] === 'string').map((field) => [field, String(asked[field])]),
      )
      const { body } = await resources.listBody(definition, scopeOf(c), { ...query, filters })
      return jsonBody(c, body)
    },
  })

  const readPermission = permissionOf(definition, 'get')
  const alsoReadableBy = options.alsoReadableBy
  router.route({
    method: 'get',
    path: `${base}/:name`,
    summary: `Get ${one}`,
    description: 'Its ETag header carries the revision to send as If-Match with a change.',
    access: alsoReadableBy
      ? { authenticated: true, note: `${readPermission}, or the caller's own ${label}` }
      : { permission: readPermission },
    params: itemParams,
    response: responses.one,
    responseExample: examples?.read,
    headers: ['ETag'],
    handler: async ({ c, params, principal }) => {
      if (alsoReadableBy && !may(principal, readPermission) && !alsoReadableBy(principal, params.name)) {
        throw forbidden(readPermission)
      }
      const answer = await resources.getBody(definition, scopeOf(c), params.name)
      // What uses it and what it uses, of the types this caller may read only.
      const body = resources.withLinks(answer, (type) =>
        may(principal, permissionOf(type, 'get'), type.scope === 'project' ? scopeOf(c) : undefined),
      )
      return jsonBody(c, body, 200, answer.etag ? { ETag: answer.etag } : {})
    },
  })

  router.route({
    method: 'post',
    path: base,
    summary: `Create ${one}`,
    description: 'Fields left out take their defaults; unknown fields are refused. A taken name gets 409.',
    access: { permission: permissionOf(definition, 'create') },
    params: collectionParams,
    documentedBody: bodySchema(definition, 'create'),
    example: examples?.create,
    response: responses.created,
    responseExample: examples?.created,
    headers: ['ETag', 'Location'],
    errors: [409],
    handler: async ({ c, principal }) => {
      const { record } = await resources.create(definition, scopeOf(c), await readJson(c), writer(c, principal))
      c.header('ETag', etag(record.revision))
      c.header('Location', `${c.req.path}/${encodeURIComponent(record.name)}`)
      return c.json({ data: record }, 201)
    },
  })

  for (const method of options.updates ?? (['put', 'patch'] as const)) {
    router.route({
      method,
      path: `${base}/:name`,
      summary: method === 'put' ? `Replace ${one}` : `Change some fields of ${one}`,
      description:
        method === 'put'
          ? `The body is the whole ${label}: fields left out go back to their defaults. ${ifMatch}`
          : `Fields left out keep their values. ${ifMatch}`,
      access: { permission: permissionOf(definition, 'update') },
      params: itemParams,
      documentedBody: bodySchema(definition, 'update'),
      example: method === 'put' ? examples?.replace : examples?.change,
      response: responses.one,
      responseExample: examples?.changed,
      headers: ['ETag'],
      ifMatch: true,
      handler: async ({ c, params, principal }) => {
        const precondition = parseIfMatch(c.req.header('if-match'))
        const record = await resources.update(
          definition,
          scopeOf(c),
          params.name,
          precondition,
          await readJson(c),
          writer(c, principal),
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
    summary: `Delete ${one}`,
    description: cascade
      ? `${ifMatch} While another resource names it, the delete is refused with 409, unless \`cascade=true\` also deletes its ${cascade.join(', ')} and all they hold, in one transaction.`
      : `${ifMatch} While another resource names it, the delete is refused with 409.`,
    status: 204,
    access: { permission: permissionOf(definition, 'delete') },
    params: itemParams,
    query: cascade ? CascadeQuery : undefined,
    ifMatch: true,
    handler: async ({ c, params, principal, query }) => {
      const precondition = parseIfMatch(c.req.header('if-match'))
      // A cascade takes a customer's or a project's whole content: no deadline, as big as it may be.
      const cascading = query?.cascade === 'true'
      const caller = cascading ? callerOf(c, principal) : writer(c, principal)
      await resources.remove(definition, scopeOf(c), params.name, precondition, caller, { cascade: cascading })
      return c.body(null, 204)
    },
  })

  if (definition.revocable) {
    router.route({
      method: 'post',
      path: `${base}/:name/revoke`,
      summary: `Revoke ${one}`,
      description: `It stops working at once, on every process, and cannot be made active again. ${ifMatch}`,
      access: { permission: permissionOf(definition, 'update') },
      params: itemParams,
      status: 200,
      response: responses.one,
      headers: ['ETag'],
      ifMatch: true,
      handler: async ({ c, params, principal }) => {
        // A missing one is a 404 whatever the headers, as for the other methods on an item.
        await resources.get(definition, scopeOf(c), params.name)
        const precondition = parseIfMatch(c.req.header('if-match'))
        const record = await resources.revoke(definition, scopeOf(c), params.name, precondition, writer(c, principal))
        c.header('ETag', etag(record.revision))
        return c.json({ data: record })
      },
    })
  }
}
