import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { type Document, OpenAPIBackend } from 'openapi-backend'

/**
 * Every answer a server test receives through `platform.call`, checked against the OpenAPI document of
 * the service that gave it (issue 26): its status must be one the operation documents, its JSON body
 * must match the schema documented for that status, and the headers the document says it carries must
 * be there and match theirs. openapi-backend reads the documents (references resolved) and finds the
 * operation of a request; Ajv, with ajv-formats, checks bodies and headers against their schemas, as
 * JSON Schema 2020-12 (the dialect of OpenAPI 3.1: a tuple is `prefixItems`).
 *
 * Each schema is compiled once, when an answer first needs it, and shared by every operation that
 * documents the same one (the error body of every status, a resource's record in its five answers):
 * compiling every operation's schemas up front would cost a test file 20 s.
 */

export const SERVICES = ['auth', 'core', 'purge', 'acme', 'stats'] as const
type Service = (typeof SERVICES)[number]

type Schema = Record<string, unknown>
type ResponseObject = {
  content?: Record<string, { schema?: Schema }>
  headers?: Record<string, { required?: boolean; schema?: Schema }>
}

export type Answer = { method: string; path: string; status: number; headers: Headers; body: unknown }

/** One server-sent event as a stream's reader takes it: its `event:` and `id:` lines, its `data:` line parsed. */
export type StreamEvent = { event: string; id?: string; data: unknown }

type Operation = ReturnType<OpenAPIBackend['getOperations']>[number]

/**
 * The operation of a request, found as openapi-backend's `matchOperation` finds it (an exact path first,
 * then the most specific template) from operations listed and compiled once. `matchOperation` lists
 * every operation again, twice, and compiles a pattern for each path at every call: that was a fifth of
 * the bad-input corpus's CPU time, which runs thousands of requests.
 */
class OperationRouter {
  private readonly exact = new Map<string, Operation>()
  private readonly templates: { pattern: RegExp; operation: Operation }[]

  constructor(private readonly api: OpenAPIBackend) {
    const operations = api.getOperations()
    for (const operation of [...operations].reverse())
      this.exact.set(`${operation.method} ${operation.path}`, operation)
    const specificity = (operation: Operation) => operation.path.replace(/\{.*?\}/g, '').length
    // A stable sort: operations as specific as each other keep the document's order, as there.
    this.templates = [...operations]
      .sort((a, b) => specificity(b) - specificity(a))
      .map((operation) => ({ pattern: new RegExp(`^${operation.path.replace(/\{.*?\}/g, '[^/]+')}$`), operation }))
  }

  match(method: string, path: string): Operation | undefined {
    const normalized = this.api.router.normalizePath(path)
    const exact = this.exact.get(`${method} ${normalized}`)
    if (exact) return exact
    const served = this.templates.filter(({ pattern }) => pattern.test(normalized))
    return served.find(({ operation }) => operation.method === method)?.operation
  }
}

export class ContractChecker {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }))
  private readonly byObject = new WeakMap<Schema, ValidateFunction>()
  private readonly byText = new Map<string, ValidateFunction>()

  private constructor(private readonly apis: Map<Service, OperationRouter>) {}

  /** Reads the five documents the running server serves. */
  static async load(baseUrl: string): Promise<ContractChecker> {
    const apis = new Map<Service, OperationRouter>()
    for (const service of SERVICES) {
      const response = await fetch(`${baseUrl}/api/${service}/v0/openapi.json`)
      if (response.status !== 200) throw new Error(`${service} openapi.json answered ${response.status}`)
      const api = new OpenAPIBackend({
        definition: (await response.json()) as Document,
        apiRoot: `/api/${service}/v0`,
        // Only routing and references here: the document is checked by tests/server/openapi.test.ts.
        quick: true,
        validate: false,
        strict: false,
      })
      await api.init()
      apis.set(service, new OperationRouter(api))
    }
    return new ContractChecker(apis)
  }

  /** What is wrong with an answer by the documents; empty when it matches (or no operation is concerned). */
  violations(answer: Answer): string[] {
    const url = new URL(answer.path, 'http://platform')
    const service = /^\/api\/([a-z]+)\/v0\//.exec(url.pathname)?.[1] as Service | undefined
    const api = service ? this.apis.get(service) : undefined
    if (!api) return []
    const operation = api.match(answer.method.toLowerCase(), url.pathname)
    const where = `${answer.method.toUpperCase()} ${url.pathname} → ${answer.status}`
    // A path no operation serves answers a plain 404 (or 405): nothing to check it against.
    if (!operation) return []
    const responses = (operation.responses ?? {}) as Record<string, ResponseObject>
    const documented = responses[String(answer.status)]
    if (!documented) return [`${where}: status not documented (${Object.keys(responses).join(', ')})`]
    return [...this.bodyViolations(answer, documented), ...this.headerViolations(answer, documented)].map(
      (problem) => `${where}: ${problem}`,
    )
  }

  /**
   * The fields an answer carries that its documented schema does not name (a schema without
   * `additionalProperties` lets them through, and a client generated from it has no type for them): the
   * schema with every object that lists its properties closed. Empty when the answer is not documented.
   */
  undocumentedFields(answer: Answer): string[] {
    const url = new URL(answer.path, 'http://platform')
    const service = /^\/api\/([a-z]+)\/v0\//.exec(url.pathname)?.[1] as Service | undefined
    const operation = service ? this.apis.get(service)?.match(answer.method.toLowerCase(), url.pathname) : undefined
    const responses = (operation?.responses ?? {}) as Record<string, ResponseObject>
    const schema = responses[String(answer.status)]?.content?.['application/json']?.schema
    if (!schema) return []
    const validate = this.validatorOf(closed(schema) as Schema)
    if (validate(answer.body)) return []
    const where = `${answer.method.toUpperCase()} ${url.pathname} → ${answer.status}`
    return [
      ...new Set(
        (validate.errors ?? [])
          .filter((error) => error.keyword === 'additionalProperties')
          .map((error) => `${where}: ${error.instancePath || '/'} has ${String(error.params.additionalProperty)}`),
      ),
    ]
  }

  /**
   * What is wrong with the events a stream sent (`GET path`, answered 200), by the schema its
   * `text/event-stream` answer documents for each event; empty when every one matches. A stream whose
   * events the document gives no object schema for is a problem in itself.
   */
  eventViolations(method: string, path: string, events: readonly StreamEvent[]): string[] {
    const url = new URL(path, 'http://platform')
    const service = /^\/api\/([a-z]+)\/v0\//.exec(url.pathname)?.[1] as Service | undefined
    const operation = service ? this.apis.get(service)?.match(method.toLowerCase(), url.pathname) : undefined
    const where = `${method.toUpperCase()} ${url.pathname}`
    const responses = (operation?.responses ?? {}) as Record<string, ResponseObject>
    const schema = responses['200']?.content?.['text/event-stream']?.schema
    if (!schema || !(schema.oneOf || schema.properties)) return [`${where}: the document gives its events no schema`]
    return events.flatMap((event, i) =>
      this.problems(schema, event, `event ${i} (${event.event})`).map((problem) => `${where}: ${problem}`),
    )
  }

  private bodyViolations(answer: Answer, documented: ResponseObject): string[] {
    const schema = documented.content?.['application/json']?.schema
    if (!schema) {
      const streamed = Object.keys(documented.content ?? {}).length > 0
      return answer.body === null || streamed ? [] : ['a body the document gives no schema for']
    }
    return this.problems(schema, answer.body, 'body')
  }

  private headerViolations(answer: Answer, documented: ResponseObject): string[] {
    return Object.entries(documented.headers ?? {}).flatMap(([name, header]) => {
      const value = answer.headers.get(name)
      if (value === null) return header.required ? [`header ${name} missing`] : []
      return header.schema ? this.problems(header.schema, value, `header ${name}`) : []
    })
  }

  private problems(schema: Schema, value: unknown, what: string): string[] {
    const validate = this.validatorOf(schema)
    if (validate(value)) return []
    return (validate.errors ?? []).map(
      (error) => `${what}${error.instancePath} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`,
    )
  }

  private validatorOf(schema: Schema): ValidateFunction {
    const known = this.byObject.get(schema)
    if (known) return known
    const text = JSON.stringify(schema)
    const validate = this.byText.get(text) ?? this.ajv.compile(schema)
    this.byText.set(text, validate)
    this.byObject.set(schema, validate)
    return validate
  }
}

/** A schema whose objects that list their properties take no others (`additionalProperties: false`). */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed)
  if (!schema || typeof schema !== 'object') return schema
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema))
    copy[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Schema).map(([name, inner]) => [name, closed(inner)]))
        : closed(value)
  if (copy.properties && copy.additionalProperties === undefined && copy.patternProperties === undefined)
    copy.additionalProperties = false
  return copy
}
