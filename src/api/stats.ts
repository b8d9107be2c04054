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

/** The project's websites a statistics view may filter on: the first names (by name), and whether there are more. */
export type WebsiteNames = { names: string[]; more: boolean }

/** Names shown at once; a project with more gets a filter, which narrows them on the server. */
export const WEBSITE_NAMES_SHOWN = 1000

/**
 * The project's website names matching `q`, for the statistics filter (an empty list on error, as spec
 * section 7 does for lists).
 */
export async function listWebsiteNames(api: ApiClients, project: string, q = ''): Promise<WebsiteNames> {
  try {
    const body = await api.core(`/projects/${encodeURIComponent(project)}/websites`, {
      query: { items: WEBSITE_NAMES_SHOWN, sort: 'name', ...(q ? { q } : {}) },
    })
    const page = v.parse(
      v.object({ data: v.array(v.object({ name: v.string() })), meta: v.object({ total: v.number() }) }),
      body,
    )
    return { names: page.data.map((site) => site.name), more: page.meta.total > page.data.length }
  } catch {
    return { names: [], more: false }
  }
}
