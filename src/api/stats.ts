import * as v from 'valibot'
import { type StatsQuery, type StatsResult, StatsResultSchema } from '../domain/stats.ts'
import type { ApiClients } from './http.ts'

/**
 * A statistics query (spec section 7: the separate client, 100 s time-out). The caller's signal (TanStack
 * Query's, which aborts when the query is cancelled) cancels it sooner.
 */
export async function queryStats(api: ApiClients, query: StatsQuery, signal?: AbortSignal): Promise<StatsResult> {
  const body = await api.statsQueries('', { method: 'POST', body: query, signal })
  return v.parse(v.object({ data: StatsResultSchema }), body).data
}

/** The project's website names, for the statistics filter (an empty list on error, as spec section 7 does for lists). */
export async function listWebsiteNames(api: ApiClients, project: string): Promise<string[]> {
  try {
    const body = await api.core(`/projects/${encodeURIComponent(project)}/websites`, {
      query: { items: 1000, sort: 'name' },
    })
    return v.parse(v.object({ data: v.array(v.object({ name: v.string() })) }), body).data.map((site) => site.name)
  } catch {
    return []
  }
}
