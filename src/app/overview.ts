import { queryOptions } from '@tanstack/react-query'
import type { ApiClients } from '../api/http.ts'
import { getOverview, listCertificates } from '../api/overview.ts'

/**
 * Home's panels (RESOURCES.md, /home): each its own query, so one slow panel delays none. Loaded after
 * Home's first paint, so the page's up-front code does not carry them.
 */
export function overviewTools(api: ApiClients) {
  const all = ['overview'] as const
  return {
    queries: {
      overview: (project: string) =>
        queryOptions({
          queryKey: [...all, project, 'counts'],
          queryFn: () => getOverview(api, project),
          staleTime: 10_000,
        }),
      certificates: (project: string) =>
        queryOptions({
          queryKey: [...all, project, 'certificates'],
          queryFn: () => listCertificates(api, project),
          staleTime: 10_000,
        }),
    },
  }
}
export type OverviewTools = ReturnType<typeof overviewTools>
