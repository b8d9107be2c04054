import * as v from 'valibot'
import { OpenApiDocument, type TryRequest, type TryResponse } from '../domain/api-docs.ts'
import { type ApiClients, type Service, services } from './http.ts'

/** A service's OpenAPI document as it arrived (`GET /api/{svc}/v0/openapi.json`), checked. */
export function parseApiDocument(body: unknown): OpenApiDocument {
  return v.parse(OpenApiDocument, body)
}

/**
 * Sends one request of the API docs page's "Try it" through the service's client: the session's token
 * goes with it as with every call, only to this origin's `/api/{svc}/v0`. Any status is an answer to
 * show, so none is thrown; the body comes back as text, never interpreted.
 */
export async function sendApiRequest(api: ApiClients, request: TryRequest): Promise<TryResponse> {
  if (!(services as readonly string[]).includes(request.service)) throw new Error(`no service ${request.service}`)
  if (!request.path.startsWith('/') || request.path.startsWith('//')) throw new Error('the path must start with /')
  const started = performance.now()
  const response = await api[request.service as Service].raw<string, 'text'>(request.path, {
    method: request.method.toUpperCase(),
    headers: {
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(request.ifMatch ? { 'if-match': request.ifMatch } : {}),
    },
    ...(request.body === undefined ? {} : { body: request.body }),
    responseType: 'text',
    ignoreResponseError: true,
  })
  return {
    status: response.status,
    statusText: response.statusText,
    durationMs: Math.round(performance.now() - started),
    contentType: response.headers.get('content-type') ?? '',
    text: response._data ?? '',
  }
}
