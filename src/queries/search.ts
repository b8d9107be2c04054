import { queryOptions } from '@tanstack/react-query'
import type { ApiClients } from '../api/http.ts'
import { searchResources } from '../api/search.ts'
import { retryWhileUnavailable } from './errors.ts'

export function searchQueries(api: ApiClients) {
  const all = ['search'] as const
  return {
    all,
    /** Results of one submitted query (the global-search machine decides when to submit). */
    results: (query: string) =>
      queryOptions({
        queryKey: [...all, query],
        queryFn: () => searchResources(api, query),
        retry: retryWhileUnavailable(0),
        staleTime: 30_000,
      }),
  }
}
export type SearchQueries = ReturnType<typeof searchQueries>
