import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { invalidationMachine } from '../../machines/invalidation.ts'
import { listDomains } from '../api/configuration.ts'
import type { ApiClients } from '../api/http.ts'
import { createPurge, getPurge, listPurges } from '../api/purge.ts'
import { writeFailureOf } from '../api/resources.ts'
import { listWebsiteNames, queryStats } from '../api/stats.ts'
import type { PurgeRecord, PurgeRequest } from '../domain/purge.ts'
import type { StatsQuery } from '../domain/stats.ts'

/** How many recent invalidations the page lists. */
export const RECENT_PURGES = 20

/**
 * The Tool section's queries and machines (issue 12), loaded with the first of its pages: the
 * invalidation machine with its real calls, and what the pages read.
 */
export function toolTools(api: ApiClients, queryClient: QueryClient) {
  const all = ['tools'] as const
  const queries = {
    /** The domains an invalidation may name: the project's websites' names and aliases. */
    domains: (project: string) =>
      queryOptions({
        queryKey: [...all, project, 'domains'],
        queryFn: () => listDomains(api, project),
        staleTime: 30_000,
      }),
    recentPurges: (project: string) =>
      queryOptions({ queryKey: [...all, project, 'purges'], queryFn: () => listPurges(api, project, RECENT_PURGES) }),
    /** The websites a statistics view may filter on. */
    websiteNames: (project: string) =>
      queryOptions({
        queryKey: [...all, project, 'website-names'],
        queryFn: () => listWebsiteNames(api, project),
        staleTime: 30_000,
      }),
    /**
     * A statistics query. Its numbers never change once reported (API.md), so an answer stays fresh; a
     * failure is not retried behind the user's back: a slow query would only be asked again.
     */
    stats: (query: StatsQuery) =>
      queryOptions({
        queryKey: [...all, query.project, 'stats', query],
        queryFn: ({ signal }) => queryStats(api, query, signal),
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      }),
  }
  return {
    queries,
    invalidation: (project: string) =>
      invalidationMachine.provide({
        actors: {
          sendPurge: fromPromise<PurgeRecord, { request: PurgeRequest }>(async ({ input }) => {
            try {
              return await createPurge(api, project, input.request)
            } catch (error) {
              const failure = writeFailureOf(error, 'The invalidation was refused.')
              throw Object.assign(new Error(failure.message), { errors: failure.fieldErrors })
            }
          }),
          readPurge: fromPromise<PurgeRecord, { name: string }>(({ input }) => getPurge(api, project, input.name)),
        },
        actions: {
          announceChange: () =>
            void queryClient.invalidateQueries({ queryKey: queries.recentPurges(project).queryKey }),
        },
      }),
  }
}
export type ToolTools = ReturnType<typeof toolTools>
