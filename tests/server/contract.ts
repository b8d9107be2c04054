import addFormats from 'ajv-formats'
import { type Document, OpenAPIBackend, type Operation } from 'openapi-backend'

/**
 * Every answer a server test receives through `platform.call`, checked against the OpenAPI document of
 * the service that gave it (issue 26): its status must be one the operation documents, its JSON body
 * must match the schema documented for that status, and the headers the document says it carries must
 * be there and match. The schemas are checked by openapi-backend (Ajv under it), not by hand.
 */

export const SERVICES = ['auth', 'core', 'purge', 'acme', 'stats'] as const
type Service = (typeof SERVICES)[number]

type ResponseObject = {
  content?: Record<string, { schema?: unknown }>
  headers?: Record<string, { required?: boolean; schema?: unknown }>
}

export type Answer = { method: string; path: string; status: number; headers: Headers; body: unknown }

export class ContractChecker {
  private constructor(private readonly apis: Map<Service, OpenAPIBackend>) {}

  /** Reads the five documents the running server serves. */
  static async load(baseUrl: string): Promise<ContractChecker> {
    const apis = new Map<Service, OpenAPIBackend>()
    for (const service of SERVICES) {
      const response = await fetch(`${baseUrl}/api/${service}/v0/openapi.json`)
      if (response.status !== 200) throw new Error(`${service} openapi.json answered ${response.status}`)
      const api = new OpenAPIBackend({
        definition: (await response.json()) as Document,
        apiRoot: `/api/${service}/v0`,
        // The document is checked by tests/server/openapi.test.ts; here only the answers are.
        quick: true,
        strict: false,
        // Formats (email, uri, date-time…) are checked too, as a generated client's validator would.
        customizeAjv: (ajv) => {
          addFormats(ajv)
          return ajv
        },
      })
      await api.init()
      apis.set(service, api)
    }
    return new ContractChecker(apis)
  }

  /** What is wrong with an answer by the documents; empty when it matches (or no operation is concerned). */
  violations(answer: Answer): string[] {
    const url = new URL(answer.path, 'http://platform')
    const service = /^\/api\/([a-z]+)\/v0\//.exec(url.pathname)?.[1] as Service | undefined
    const api = service ? this.apis.get(service) : undefined
    if (!api) return []
    const operation = api.matchOperation({
      method: answer.method.toLowerCase(),
      path: url.pathname,
      query: url.search.slice(1),
      headers: {},
    })
    const where = `${answer.method.toUpperCase()} ${url.pathname} → ${answer.status}`
    // A path no operation serves answers a plain 404 (or 405): nothing to check it against.
    if (!operation) return []
    const responses = (operation.responses ?? {}) as Record<string, ResponseObject>
    const documented = responses[String(answer.status)]
    if (!documented) return [`${where}: status not documented (${Object.keys(responses).join(', ')})`]
    return [
      ...this.bodyViolations(api, operation, answer, documented),
      ...this.headerViolations(api, operation, answer, documented),
    ].map((problem) => `${where}: ${problem}`)
  }

  private headerViolations(api: OpenAPIBackend, operation: Operation, answer: Answer, documented: ResponseObject) {
    const missing = Object.entries(documented.headers ?? {})
      .filter(([name, header]) => header.required && !answer.headers.has(name))
      .map(([name]) => `header ${name} missing`)
    const headers = Object.fromEntries(answer.headers.entries())
    const result = api.validateResponseHeaders(headers, operation, { statusCode: answer.status })
    const wrong = (result.errors ?? []).map((error) => `header${error.instancePath} ${error.message}`)
    return [...missing, ...wrong]
  }

  private bodyViolations(api: OpenAPIBackend, operation: Operation, answer: Answer, documented: ResponseObject) {
    const json = documented.content?.['application/json']
    if (!json?.schema) {
      if (answer.status === 204 || answer.status === 304) return answer.body === null ? [] : ['a body where none is']
      return answer.body === null ? [] : ['a body the document gives no schema for']
    }
    const result = api.validateResponse(answer.body, operation, answer.status)
    return (result.errors ?? []).map(
      (error) => `body${error.instancePath || ''} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`,
    )
  }
}
