import { CONTENDED_CODE, WRITE_DEADLINE_CODE } from '../../src/domain/write-deadline.ts'
import type { ServiceName } from '../base/service-name.ts'

/**
 * The OpenAPI 3.1 document of a service, built from what its routes declare (`ServiceRouter.route`):
 * the same valibot schemas validate the requests, so the document cannot drift from the server by hand.
 * It says everything a generated client needs: the If-Match header an update needs, the ETag and
 * Location an answer carries, every status an operation may answer (each with the error schema), and the
 * security of each operation.
 */

type JsonSchema = Record<string, unknown>
type JsonObject = { properties?: Record<string, JsonObject>; required?: string[]; description?: string }

/** What `ServiceRouter` records of a route for the document. */
export type DocumentedOperation = {
  method: string
  path: string
  summary: string
  description?: string
  tag: string
  access:
    | { public: true }
    | { nodeSecret: unknown }
    | { authenticated: true; note: string }
    | { permission: string | string[]; within?: 'projects' }
  params?: JsonSchema
  query?: JsonSchema
  body?: JsonSchema
  /** Whether the body may be left out (the route then takes its defaults). */
  bodyOptional?: boolean
  response?: JsonSchema
  /** The success answer's media type when it is not JSON. */
  responseType?: 'text/event-stream'
  /** A stream's events: its name in `components.schemas`, and each kind of event by its `event:` name. */
  events?: DocumentedEvents
  /** Success status. */
  status: number
  /** Headers of the success answer. */
  headers: SuccessHeader[]
  /** Whether the route needs If-Match (412 without it, 409 when stale), or checks one when sent. */
  ifMatch: boolean | 'optional'
  /** Whether the route reads If-None-Match (304 while what it names is current). */
  ifNoneMatch?: boolean
  /** Error statuses the route answers besides the ones every route of its kind answers. */
  errors: number[]
  /** Whether its 503 may also carry the success body (a health check naming the part that is down). */
  unhealthyAnswer?: boolean
  /** A request body example. */
  example?: unknown
  /** The success answer's body example. */
  responseExample?: unknown
}

export type SuccessHeader = 'ETag' | 'Location' | 'Content-Disposition'

/** The events of a stream of server-sent events, each kind with the schema of its `data:` line. */
export type DocumentedEvents = {
  /** `LiveTraffic`: the events are `LiveTrafficEvent`, one of `LiveTrafficReady`, `LiveTrafficRequest`… */
  name: string
  kinds: Record<string, { description: string; data: JsonSchema; id?: string }>
}

const capitalized = (word: string) => (word[0]?.toUpperCase() ?? '') + word.slice(1)
const schemaRef = (name: string) => `#/components/schemas/${name}`

/**
 * The schemas of a stream's events, for `components.schemas`: one per kind, an object with the kind's
 * `event` name, its `data` (the JSON its one `data:` line holds) and, for the kinds that carry one, its
 * `id`; and `<name>Event`, one of them, told apart by `event` (OpenAPI 3.1 has no item schema for a
 * stream: the `text/event-stream` answer names this one for each event).
 */
function eventSchemas(events: DocumentedEvents): Record<string, JsonSchema> {
  const names = Object.keys(events.kinds)
  const nameOf = (event: string) => `${events.name}${capitalized(event)}`
  const kinds = Object.entries(events.kinds).map(([event, kind]) => {
    const properties: Record<string, JsonSchema> = {
      event: { const: event, description: 'The event’s `event:` line' },
      ...(kind.id ? { id: { type: 'string', description: kind.id } } : {}),
      data: { ...kind.data, description: 'Its `data:` line, one line of JSON holding this' },
    }
    return [
      nameOf(event),
      { type: 'object', description: kind.description, required: Object.keys(properties), properties },
    ]
  })
  return {
    ...Object.fromEntries(kinds),
    [`${events.name}Event`]: {
      description: `One event of the stream: ${names.join(', ')}`,
      oneOf: names.map((event) => ({ $ref: schemaRef(nameOf(event)) })),
      discriminator: {
        propertyName: 'event',
        mapping: Object.fromEntries(names.map((event) => [event, schemaRef(nameOf(event))])),
      },
    },
  }
}

/** Why each error status is answered; every one carries the error body. */
const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Bad input: each invalid field is listed in `errors` by its dot path' },
  401: {
    name: 'Unauthorized',
    description: 'No valid credentials: a missing, unknown, expired or revoked token, or a disabled user',
  },
  403: { name: 'Forbidden', description: 'The caller lacks the permission the operation needs' },
  404: { name: 'NotFound', description: 'The project or resource the path names does not exist' },
  409: {
    name: 'Conflict',
    description:
      'Conflict: a taken name, a stale If-Match (the current resource is in `data`), or a resource still used by others (they are in `data.referrers`)',
  },
  412: {
    name: 'PreconditionFailed',
    description: 'If-Match is missing: send the ETag of the resource you read, or `*`',
  },
  413: { name: 'PayloadTooLarge', description: 'The body is over 4 MiB (a backup upload: 32 MiB)' },
  415: { name: 'UnsupportedMediaType', description: 'A body that is not sent as `application/json`' },
  429: {
    name: 'TooManyRequests',
    description: 'Too many failed sign-ins from this address within a minute: try again after `Retry-After` seconds',
  },
  431: {
    name: 'RequestHeaderFieldsTooLarge',
    description: 'The request line and headers are over 16 KB (a query string that long, a huge cookie)',
  },
  503: {
    name: 'Unavailable',
    description:
      'The platform cannot answer for a moment (starting, its database cannot be reached, busy with other changes to the same data, the write rolled back: `code` is then `contended`, or a write that could not be made within its deadline, 4 s of its arrival, and was not made: `code` is then `write_deadline`): try again after `Retry-After` seconds',
  },
}

/**
 * The statuses an operation may answer besides its success: what every route of its kind answers, and its
 * own (a 304 among them is no error). Any request may be too long for the HTTP server to read (431),
 * carry a body over the limit (413: the limit is read before the route, so a DELETE with one gets it too)
 * or come while the platform cannot answer (503).
 */
export function errorStatuses(op: DocumentedOperation): number[] {
  const statuses = new Set<number>([400, 413, 431, 503, ...op.errors])
  if (!('public' in op.access)) statuses.add(401)
  if ('permission' in op.access || 'authenticated' in op.access) statuses.add(403)
  if (op.path.includes(':')) statuses.add(404)
  if (op.ifMatch) statuses.add(409)
  if (op.ifMatch === true) statuses.add(412)
  if (op.body) statuses.add(415)
  return [...statuses].sort((a, b) => a - b)
}

/** `get /projects/:project/websites/:name` → `getProjectsWebsitesByName`: stable, unique per document. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== ':project')
    .map((segment) => (segment.startsWith(':') ? `by_${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^a-zA-Z0-9]+/))
    .filter(Boolean)
  return [method, ...words].map((word, i) => (i === 0 ? word : word[0]?.toUpperCase() + word.slice(1))).join('')
}

/** A parameter takes its schema's description as its own, where OpenAPI renderers look for it. */
function parameter(name: string, where: 'path' | 'query', required: boolean, schema: JsonObject) {
  const { description, ...rest } = schema
  return { name, in: where, required, ...(description ? { description } : {}), schema: rest }
}

/** A PATCH body: the same fields as the PUT's, none of them required (fields left out keep their values). */
function partial(schema: JsonSchema): JsonSchema {
  const { required, ...rest } = schema
  return rest
}

function permissionOf(access: DocumentedOperation['access']): string {
  if ('permission' in access) return [access.permission].flat().join(' and ')
  if ('public' in access) return 'none (public)'
  if ('nodeSecret' in access)
    return "the edge agent node's own secret (Authorization: Bearer <secret>), no user's or API token"
  return `authenticated; ${access.note}`
}

function securityOf(access: DocumentedOperation['access']) {
  if ('public' in access) return []
  if ('nodeSecret' in access) return [{ nodeSecret: [] }]
  return [{ bearer: [] }]
}

function operationEntry(op: DocumentedOperation): Record<string, unknown> {
  const params = (op.params as JsonObject | undefined)?.properties ?? {}
  const query = (op.query as JsonObject | undefined)?.properties ?? {}
  const requiredQuery = new Set((op.query as JsonObject | undefined)?.required ?? [])
  const permission = permissionOf(op.access)
  const success: Record<string, unknown> = { description: 'Success' }
  if (op.response)
    success.content = {
      'application/json': {
        schema: op.response,
        ...(op.responseExample === undefined ? {} : { example: op.responseExample }),
      },
    }
  if (op.events)
    success.description = `Success: a stream of server-sent events, each one of ${Object.keys(op.events.kinds).join(', ')} (${op.events.name}Event)`
  if (op.responseType)
    success.content = {
      [op.responseType]: {
        schema: op.events
          ? {
              $ref: schemaRef(`${op.events.name}Event`),
              description:
                'Each event of the stream (server-sent events: `event:`, `id:` and `data:` lines, a blank line after each)',
            }
          : { type: 'string', description: 'Events, one per block' },
      },
    }
  if (op.headers.length > 0)
    success.headers = Object.fromEntries(
      op.headers.map((header) => [header, { $ref: `#/components/headers/${header}` }]),
    )
  const entry: Record<string, unknown> = {
    operationId: operationIdOf(op.method, op.path),
    tags: [op.tag],
    summary: op.summary,
    description: [
      op.description,
      `Permission: ${permission}.`,
      'within' in op.access &&
        'A caller holding it in some projects only (a token limited to projects, a role granted in some projects) gets the answer for those projects.',
    ]
      .filter(Boolean)
      .join('\n\n'),
    'x-permission': permission,
    ...('within' in op.access ? { 'x-permission-within': op.access.within } : {}),
    parameters: [
      ...Object.entries(params).map(([name, schema]) => parameter(name, 'path', true, schema)),
      ...Object.entries(query).map(([name, schema]) => parameter(name, 'query', requiredQuery.has(name), schema)),
      ...(op.ifMatch === true ? [IF_MATCH_REQUIRED] : []),
      ...(op.ifMatch === 'optional' ? [IF_MATCH_OPTIONAL] : []),
      ...(op.ifNoneMatch ? [IF_NONE_MATCH] : []),
    ],
    responses: {
      [String(op.status)]: success,
      ...Object.fromEntries(
        errorStatuses(op).map((status) => [
          String(status),
          status === 304
            ? { description: 'Not modified: what If-None-Match names is still current', headers: success.headers }
            : status === 503 && op.unhealthyAnswer && op.response
              ? unhealthy(op.response)
              : { $ref: `#/components/responses/${ERROR_RESPONSES[status]?.name ?? 'Error'}` },
        ]),
      ),
    },
    security: securityOf(op.access),
  }
  if (op.body) {
    const schema = op.method === 'patch' ? partial(op.body) : op.body
    entry.requestBody = {
      required: !op.bodyOptional,
      content: {
        'application/json': { schema, ...(op.example === undefined ? {} : { example: op.example }) },
      },
    }
  }
  return entry
}

/**
 * The 503 of a health check: its own body, the part that is down among its checks, or the error body (with
 * `Retry-After`) of a platform still starting or whose database cannot be reached.
 */
function unhealthy(response: JsonSchema) {
  return {
    description:
      'A part this service depends on is down: the checks, that one unhealthy; or, while the platform starts, the error body with Retry-After',
    headers: { 'Retry-After': { ...HEADERS['Retry-After'], required: false } },
    content: { 'application/json': { schema: { anyOf: [response, ERROR_SCHEMA] } } },
  }
}

const ERROR_SCHEMA = {
  type: 'object',
  required: ['message', 'errors'],
  properties: {
    message: { type: 'string', description: 'What went wrong, in one sentence' },
    errors: {
      type: 'array',
      description: 'One entry per invalid field (empty when the error is not about a field)',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string', description: 'Dot path of the field, such as backends.0.port' },
          message: { type: 'string', description: 'What is wrong with it' },
        },
      },
    },
    data: {
      description:
        'On a 409 for a stale If-Match, the resource as it is now; on a 409 for a resource still used, `{referrers: [...]}`',
    },
    code: {
      type: 'string',
      enum: [WRITE_DEADLINE_CODE, CONTENDED_CODE],
      description:
        'What a program acts on, instead of the sentence (absent on most errors). `write_deadline`, on a 503: the write could not be made within its deadline (4 s of its arrival) and was not made, nothing was stored; send it again. `contended`, on a 503: the write met other changes to the same data at every attempt and was rolled back each time, nothing was stored; send it again',
    },
  },
}

const IF_MATCH = { type: 'string', pattern: '^(\\*|(W/)?"?\\d+"?)$' }

// Inline in each operation (as every other parameter is), so that a reader needs no reference resolved.
const IF_MATCH_REQUIRED = {
  name: 'If-Match',
  in: 'header',
  required: true,
  description:
    'The ETag of the resource as you read it (`"<revision>"`), or `*` to skip the check: without it the answer is 412, with a stale one 409',
  schema: IF_MATCH,
}

const IF_MATCH_OPTIONAL = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'The ETag of the resource as you read it (`"<revision>"`): a stale one gets 409',
  schema: IF_MATCH,
}

const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of the last answer you read: 304, without a body, while it is still current',
  schema: { type: 'string' },
}

const HEADERS = {
  ETag: {
    description:
      'The revision of the resource as a strong entity tag, `"<revision>"`: send it as If-Match to change it',
    required: true,
    schema: { type: 'string' },
  },
  Location: {
    description: 'The path of what was created',
    required: true,
    schema: { type: 'string' },
  },
  'Content-Disposition': {
    description: 'Names the file the answer is saved as',
    required: true,
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
}

export function openapiDocument(
  service: ServiceName,
  version: string,
  operations: readonly DocumentedOperation[],
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  const tags: string[] = []
  for (const op of operations) {
    const path = op.path.replace(/:([a-z_]+)/gi, '{$1}')
    if (!tags.includes(op.tag)) tags.push(op.tag)
    paths[path] = { ...paths[path], [op.method]: operationEntry(op) }
  }
  const errorContent = { 'application/json': { schema: ERROR_SCHEMA } }
  const schemas = operations.flatMap((op) => (op.events ? [eventSchemas(op.events)] : []))
  return {
    openapi: '3.1.0',
    info: { title: `WADP ${service} API`, version },
    servers: [{ url: `/api/${service}/v0` }],
    security: [{ bearer: [] }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API token (`POST /api/auth/v0/tokens`) or an OpenID Connect access token',
        },
        nodeSecret: { type: 'http', scheme: 'bearer', description: "An edge node's own secret" },
      },
      headers: HEADERS,
      ...(schemas.length > 0 ? { schemas: Object.assign({}, ...schemas) } : {}),
      responses: {
        Error: { description: 'Error', content: errorContent },
        ...Object.fromEntries(
          Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => [
            name,
            {
              description,
              content: errorContent,
              ...(status === '503' || status === '429'
                ? { headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } }
                : {}),
            },
          ]),
        ),
      },
    },
  }
}
