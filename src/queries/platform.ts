import { queryOptions } from '@tanstack/react-query'
import { type Service, services } from '../api/http.ts'
import { getServiceHealth, getServiceInfo, getVersion } from '../api/platform.ts'

/** A status check that fails should say so within seconds, not after the default three backed-off retries. */
const statusRetry = 1

export const platformQueries = {
  /** The services reported on by the status page and the versions dialog, in display order. */
  services,
  all: ['platform'] as const,
  info: (service: Service) =>
    queryOptions({
      queryKey: [...platformQueries.all, 'info', service],
      queryFn: () => getServiceInfo(service),
      retry: statusRetry,
    }),
  health: (service: Service) =>
    queryOptions({
      queryKey: [...platformQueries.all, 'health', service],
      queryFn: () => getServiceHealth(service),
      retry: statusRetry,
    }),
  version: () => queryOptions({ queryKey: [...platformQueries.all, 'version'], queryFn: getVersion }),
}
