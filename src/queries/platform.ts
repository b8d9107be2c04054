import { queryOptions } from '@tanstack/react-query'
import { getConsoleConfig } from '../api/console-config.ts'
import { type ApiClients, type Service, services } from '../api/http.ts'
import { getServiceHealth, getServiceInfo, getVersion, requestApiDocument } from '../api/platform.ts'
import type { TryRequest } from '../domain/api-docs.ts'

/** A status check that fails should say so within seconds, not after the default three backed-off retries. */
const statusRetry = 1

/** The API docs page's calls (checking a document, "Try it"): a small chunk, loaded with the first of them. */
const apiDocs = () => import('../api/api-docs.ts')

export function platformQueries(api: ApiClients) {
  const all = ['platform'] as const
  return {
    /** The services reported on by the status page and the versions dialog, in display order. */
    services,
    all,
    info: (service: Service) =>
      queryOptions({
        queryKey: [...all, 'info', service],
        queryFn: () => getServiceInfo(api, service),
        retry: statusRetry,
      }),
    health: (service: Service) =>
      queryOptions({
        queryKey: [...all, 'health', service],
        queryFn: () => getServiceHealth(api, service),
        retry: statusRetry,
      }),
    version: () => queryOptions({ queryKey: [...all, 'version'], queryFn: () => getVersion(api) }),
    config: () =>
      queryOptions({ queryKey: [...all, 'config'], queryFn: () => getConsoleConfig(api), staleTime: Infinity }),
    /**
     * A service's OpenAPI document (the API docs page): it changes only with a new server version. Asked
     * for as soon as the page renders, the code that checks it loaded beside it, not before it: the page
     * waits for neither in turn (issue 27).
     */
    apiDocument: (service: Service) =>
      queryOptions({
        queryKey: [...all, 'api-docs', service],
        queryFn: async () => {
          const [body, { parseApiDocument }] = await Promise.all([requestApiDocument(api, service), apiDocs()])
          return parseApiDocument(body)
        },
        staleTime: Number.POSITIVE_INFINITY,
      }),
    /** The API docs page's "Try it": one request through the service's client, with the documents' code. */
    tryRequest: (request: TryRequest) => apiDocs().then(({ sendApiRequest }) => sendApiRequest(api, request)),
  }
}
export type PlatformQueries = ReturnType<typeof platformQueries>
