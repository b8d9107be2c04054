import { queryOptions } from '@tanstack/react-query'
import { type ApiClients, type Service, services } from '../api/http.ts'
import { getConsoleConfig } from '../api/oidc.ts'
import { getServiceHealth, getServiceInfo, getVersion } from '../api/platform.ts'

/** A status check that fails should say so within seconds, not after the default three backed-off retries. */
const statusRetry = 1

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
  }
}
export type PlatformQueries = ReturnType<typeof platformQueries>
