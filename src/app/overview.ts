import { queryOptions } from '@tanstack/react-query'
import { listAudit } from '../api/audit.ts'
import type { ApiClients } from '../api/http.ts'
import { getOverview, listCertificates } from '../api/overview.ts'
import { queryStats } from '../api/stats.ts'
import type { StatsQuery } from '../domain/stats.ts'

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
      /** The last 24 hours of traffic; its numbers never change once reported, so an answer stays fresh. */
      traffic: (query: StatsQuery) =>
        queryOptions({
          queryKey: [...all, query.project, 'traffic', query],
          queryFn: ({ signal }) => queryStats(api, query, signal),
          staleTime: Number.POSITIVE_INFINITY,
        }),
      /**
       * The project's last changes from the audit log. Its key is the audit log's own (src/app/admin.ts), so
       * what invalidates the log (a restored version) reaches this panel too; asking for it here keeps the
       * Admin section's code (its machines and the other admin queries) off Home.
       */
      lastChanges: (project: string) => {
        const filters = { project, items: 8 }
        return queryOptions({ queryKey: ['admin', 'audit', filters], queryFn: () => listAudit(api, filters) })
      },
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
