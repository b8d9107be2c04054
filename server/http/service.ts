import { toJsonSchema } from '@valibot/to-json-schema'
import { Hono, type MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { type FieldError, toFieldErrors } from '../../src/domain/common.ts'
import { ApiError, badRequest } from '../base/errors.ts'
import type { Principal } from '../base/principal.ts'
import type { ServiceName } from '../base/service-name.ts'
import type { ServerContext } from '../context.ts'
import {
  type Access,
  type ApiContext,
  type AppEnv,
  authentication,
  nodeSecret,
  permission,
  projectExistence,
} from './middleware.ts'
import { type DocumentedOperation, openapiDocument, type SuccessHeader } from './openapi.ts'

/** The middleware `checks` as one, each run in turn (the first to throw answers). */
function inTurn(checks: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  return (c, next) =>
    checks.reduceRight<() => Promise<void>>(
      (then, check) => async () => {
        await check(c, then)
      },
      next,
    )()
}

type AnySchema = v.GenericSchema
type Parsed<S> = S extends AnySchema ? v.InferOutput<S> : undefined

export type RouteSpec<P, Q, B> = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  path: string
  /** One line, in the imperative or as a noun phrase: the heading of the operation in the API docs. */
  summary: string
  /** What a caller should know beyond the summary (preconditions, follow-ups); the permission is added. */
  description?: string
  /** The group the API docs list the operation under; by default the path's resource segment. */
  tag?: string
  access: Access
  params?: P
  query?: Q
  body?: B
  /** Body schema for openapi.json when the handler validates the body itself (or `body` says less). */
  documentedBody?: AnySchema
  /** Documented success status and response schema (for openapi.json). */
  status?: number
  response?: AnySchema
  /** The success answer's media type when it is not JSON: a stream of server-sent events. */
  responseType?: 'text/event-stream'
  /**
   * A stream's events, for openapi.json: their name there (`LiveTraffic`) and each kind by its `event:`
   * name, with the schema of its data (and what its `id:` line is, for a kind that carries one).
   */
  events?: { name: string; kinds: Record<string, { description: string; data: AnySchema; id?: string }> }
  /** Headers the success answer carries (for openapi.json). */
  headers?: SuccessHeader[]
  /**
   * Whether the handler needs If-Match (`parseIfMatch`): 412 without it, 409 when stale; `optional`: it
   * checks one when sent (409 when stale).
   */
  ifMatch?: boolean | 'optional'
  /** Whether the handler reads If-None-Match (304 while what it names is current): declared for clients. */
  ifNoneMatch?: boolean
  /**
   * Error statuses the handler answers besides those every route of its kind answers (400, 503; 401
   * unless public; 403 with a permission; 404 with a path parameter; 409 and 412 with If-Match; 413 and
   * 415 with a body): a 409 for a taken name, a 404 for a project named in the body…
   */
  errors?: number[]
  /**
   * Whether the handler answers 503 with the success body (a health check, naming the part that is down),
   * besides the error body any 503 may carry (while the platform starts).
   */
  unhealthyAnswer?: boolean
  /** A request body as a caller would send it, for openapi.json. */
  example?: unknown
  /** The success answer's body for that request, for openapi.json. */
  responseExample?: unknown
  handler: (request: {
    c: ApiContext
    params: Parsed<P>
    query: Parsed<Q>
    body: Parsed<B>
    principal: Principal
  }) => Promise<Response>
}

/**
 * The resource a path is about: `websites` for `/projects/:project/websites/:name`, `projects` for
 * `/projects/:project` itself, `utils` for `/utils/health` and the document itself.
 */
function tagOf(path: string): string {
  if (path === '/openapi.json') return 'utils'
  const segments = path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':'))
  const inProject = segments[0] === 'projects' && path.startsWith('/projects/:project')
  return (inProject ? segments[1] : undefined) ?? segments[0] ?? 'utils'
}

function parseWith<S extends AnySchema>(schema: S, value: unknown, where: string, prefix = ''): v.InferOutput<S> {
  const result = v.safeParse(schema, value)
  if (result.success) return result.output
  const errors = toFieldErrors(result.issues).map((e) => ({ ...e, field: prefix + e.field }))
  const first = errors[0]
  throw badRequest(first ? `invalid ${where}: ${first.field || where} ${first.message}` : `invalid ${where}`, errors)
}

/** Whether a body may be left out: its schema takes `undefined`. */
function isOptional(schema: AnySchema): boolean {
  return ['optional', 'nullish', 'exact_optional'].includes(schema.type)
}

/** Whether a body schema (optional or not) takes an object: valibot's object schemas also take arrays. */
function takesObject(schema: AnySchema): boolean {
  let inner = schema as AnySchema & { wrapped?: AnySchema }
  while (inner.wrapped && ['optional', 'nullable', 'nullish', 'exact_optional'].includes(inner.type))
    inner = inner.wrapped as AnySchema & { wrapped?: AnySchema }
  return inner.type.endsWith('object') || inner.type === 'object_with_rest'
}

/** The body as its schema takes it: a JSON array where an object is expected is a 400, not an empty object. */
function parseBody<S extends AnySchema>(schema: S, value: unknown): v.InferOutput<S> {
  if (Array.isArray(value) && takesObject(schema)) throw badRequest('invalid request body: body must be a JSON object')
  return parseWith(schema, value, 'request body')
}

/** `application/json`, or any `+json` type, with or without parameters. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i

export async function readJson(c: ApiContext): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return undefined
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, 'request body must be JSON, sent with content-type: application/json')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw badRequest('request body must be valid JSON')
  }
  const problem = unstorableJson(body)
  if (problem) throw badRequest(`invalid request body: ${problem.field || 'body'} ${problem.message}`, [problem])
  return body
}

/** Far deeper than any resource nests: a body beyond it is refused before any code walks it. */
export const MAX_JSON_DEPTH = 32

/**
 * Why a text cannot be taken: PostgreSQL stores no NUL character (a jsonb value holding `\u0000` fails
 * to insert, a text column refuses it) and no unpaired UTF-16 surrogate (jsonb refuses its escape; a
 * text column silently turns it into U+FFFD).
 */
export function unstorableText(text: string): string | null {
  if (text.includes('\0')) return 'must not contain the NUL character'
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)) {
    return 'must be valid Unicode (it holds an unpaired surrogate)'
  }
  return null
}

/**
 * The first value of a parsed JSON body that no field could take, checked once here for every route:
 * a string or key with text the database cannot store, a number JSON.parse read as Infinity (`1e400`),
 * or nesting deeper than MAX_JSON_DEPTH. Walked with a stack, so no depth overflows it.
 */
function unstorableJson(body: unknown): FieldError | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }]
  const at = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`)
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path, depth } = item
    if (typeof value === 'string') {
      const message = unstorableText(value)
      if (message) return { field: path, message }
    } else if (typeof value === 'number' && !Number.isFinite(value)) {
      return { field: path, message: 'is out of range' }
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) return { field: path, message: `nests deeper than ${MAX_JSON_DEPTH} levels` }
      const entries = Array.isArray(value) ? value.entries() : Object.entries(value)
      for (const [key, inner] of entries) {
        const message = typeof key === 'string' ? unstorableText(key) : null
        if (message) return { field: at(path, key), message: `its name ${message}` }
        pending.push({ value: inner, path: at(path, key), depth: depth + 1 })
      }
    }
  }
  return null
}

/**
 * Query and path parameters carry text too: one the database cannot store, or a query parameter given
 * twice (the route would read only one of them), is refused before the route's own validation.
 */
function checkParameters(c: ApiContext, query: AnySchema | undefined): void {
  const problems: FieldError[] = []
  for (const [name, value] of Object.entries(c.req.param() as Record<string, string>)) {
    const message = unstorableText(value)
    if (message) problems.push({ field: name, message })
  }
  const documented = (query as { entries?: Record<string, unknown> } | undefined)?.entries ?? {}
  for (const [name, values] of Object.entries(c.req.queries())) {
    const message = values.map(unstorableText).find((found) => found !== null)
    if (message) problems.push({ field: name, message })
    else if (values.length > 1 && Object.hasOwn(documented, name))
      problems.push({ field: name, message: 'is given more than once' })
  }
  const first = problems[0]
  if (first) throw badRequest(`invalid parameter: ${first.field} ${first.message}`, problems)
}

function jsonSchemaOf(
  schema: AnySchema | undefined,
  typeMode: 'input' | 'output' = 'input',
): Record<string, unknown> | undefined {
  if (!schema) return undefined
  // OpenAPI 3.1 embeds JSON Schema 2020-12; the converter's draft-07 `$schema` tag does not belong there.
  const { $schema, ...json } = toJsonSchema(schema, {
    errorMode: 'ignore',
    typeMode,
    target: 'draft-2020-12',
  }) as Record<string, unknown>
  return withoutRepeatedOptions(json) as Record<string, unknown>
}

/**
 * The schema with every `anyOf` or `oneOf` whose options are all the same schema replaced by that one: a
 * whole number's two input forms (a number, a string of digits) are one integer in an answer, and a
 * generator given `anyOf: [integer, integer]` builds a wrapper type for a number.
 */
function withoutRepeatedOptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRepeatedOptions)
  if (!schema || typeof schema !== 'object') return schema
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, withoutRepeatedOptions(value)]),
  )
  for (const keyword of ['anyOf', 'oneOf']) {
    const options = copy[keyword]
    if (!Array.isArray(options) || options.length < 2) continue
    const first = JSON.stringify(options[0])
    if (!options.every((option) => JSON.stringify(option) === first)) continue
    const { [keyword]: _, ...rest } = copy
    return { ...(options[0] as Record<string, unknown>), ...rest }
  }
  return copy
}

export class ServiceRouter {
  readonly app = new Hono<AppEnv>()
  readonly operations: DocumentedOperation[] = []

  constructor(
    readonly service: ServiceName,
    readonly ctx: ServerContext,
  ) {}

  route<
    P extends AnySchema | undefined = undefined,
    Q extends AnySchema | undefined = undefined,
    B extends AnySchema | undefined = undefined,
  >(spec: RouteSpec<P, Q, B>): void {
    const body = spec.documentedBody ?? spec.body
    this.operations.push({
      method: spec.method,
      path: spec.path,
      summary: spec.summary,
      description: spec.description,
      tag: spec.tag ?? tagOf(spec.path),
      access: spec.access,
      params: jsonSchemaOf(spec.params),
      query: jsonSchemaOf(spec.query),
      body: jsonSchemaOf(body),
      bodyOptional: body !== undefined && isOptional(body),
      // What the server sends: defaults filled in, so output types (a number, not a numeric string).
      response: jsonSchemaOf(spec.response, 'output'),
      status: spec.status ?? (spec.method === 'post' ? 201 : 200),
      responseType: spec.responseType,
      events: spec.events && {
        name: spec.events.name,
        kinds: Object.fromEntries(
          Object.entries(spec.events.kinds).map(([event, { data, ...kind }]) => [
            event,
            { ...kind, data: jsonSchemaOf(data, 'output') ?? {} },
          ]),
        ),
      },
      headers: spec.headers ?? [],
      ifMatch: spec.ifMatch ?? false,
      ifNoneMatch: spec.ifNoneMatch,
      errors: spec.errors ?? [],
      unhealthyAnswer: spec.unhealthyAnswer,
      example: spec.example,
      responseExample: spec.responseExample,
    })
    // In this order: 401, then 400 for a malformed path, then 401 for a node's secret, 403, 404 for an
    // unknown project; the query and the body are read only after all of them.
    const checks: MiddlewareHandler<AppEnv>[] = []
    if ('permission' in spec.access || 'authenticated' in spec.access) checks.push(authentication(this.ctx.auth))
    checks.push(async (c, next) => {
      checkParameters(c, spec.query)
      c.set('params', spec.params ? parseWith(spec.params, c.req.param(), 'path parameter') : undefined)
      await next()
    })
    if ('nodeSecret' in spec.access) checks.push(nodeSecret(spec.access.nodeSecret))
    if ('permission' in spec.access) checks.push(permission(spec.access), projectExistence(this.ctx.tenancy))
    this.app.on(spec.method.toUpperCase(), spec.path, inTurn(checks), async (c) => {
      const params = c.get('params') as Parsed<P>
      const query = (spec.query ? parseWith(spec.query, c.req.query(), 'query parameter') : undefined) as Parsed<Q>
      const body = (spec.body ? parseBody(spec.body, await readJson(c)) : undefined) as Parsed<B>
      // Public routes never read `principal`; the cast keeps every other handler free of undefined checks.
      return spec.handler({ c, params, query, body, principal: c.get('principal') as Principal })
    })
  }

  /**
   * Gives an operation already declared its request body example (a type's own action, whose example
   * is written in the type's folder): an operation not declared is an error, so an example cannot be lost.
   */
  exampleFor(operation: string, example: unknown): void {
    const declared = this.operations.find((op) => `${op.method} ${op.path}` === operation && op.body)
    if (!declared)
      throw new Error(`an example for ${operation}, which no route of ${this.service} declares with a body`)
    declared.example = example
  }

  /** OpenAPI 3.1 document generated from the same schemas the routes validate with. */
  openapi(version: string): Record<string, unknown> {
    return openapiDocument(this.service, version, this.operations)
  }
}
