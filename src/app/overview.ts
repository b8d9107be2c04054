import { queryOptions } from '@tanstack/react-query'
import { listAudit } from '../api/audit.ts'
import { listBackendHealth } from '../api/backend-health.ts'
import type { ApiClients } from '../api/http.ts'
import { getOverview, listCertificates } from '../api/overview.ts'
import { queryStats } from '../api/stats.ts'
import { refreshIntervalMs } from '../domain/backend-health.ts'
import type { StatsQuery } from '../domain/stats.ts'
import { auditListKey } from '../queries/audit.ts'

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
      /** The project's last changes: a page of the audit log, under its key (src/queries/audit.ts). */
      lastChanges: (project: string) =>
        queryOptions({
          queryKey: auditListKey({ project, items: 8 }),
          queryFn: () => listAudit(api, { project, items: 8 }),
        }),
      certificates: (project: string) =>
        queryOptions({
          queryKey: [...all, project, 'certificates'],
          queryFn: () => listCertificates(api, project),
          staleTime: 10_000,
        }),
      /** The project's director backends and their health, read again at their probes' pace. */
      backendHealth: (project: string) =>
        queryOptions({
          queryKey: [...all, project, 'backend-health'],
          queryFn: ({ signal }) => listBackendHealth(api, { project }, signal),
          refetchInterval: (query) => refreshIntervalMs(query.state.data),
        }),
    },
  }
}
export type OverviewTools = ReturnType<typeof overviewTools>
