import * as v from 'valibot'
import { type StatsQuery, type StatsResult, StatsResultSchema } from '../domain/stats.ts'
import { type ApiClients, STATS_TIMEOUT_MS } from './http.ts'

/**
 * A statistics query (spec section 7: the separate client, 100 s time-out). ofetch drops its own
 * time-out when the call brings a signal, so the time-out joins the caller's signal (TanStack Query's,
 * which aborts when the query is cancelled).
 */
export async function queryStats(api: ApiClients, query: StatsQuery, signal?: AbortSignal): Promise<StatsResult> {
  const body = await api.statsQueries('', {
    method: 'POST',
    body: query,
    signal: withTimeout(signal, STATS_TIMEOUT_MS),
  })
  return v.parse(v.object({ data: StatsResultSchema }), body).data
}

/** A signal that aborts with `signal` or after `ms`, whichever comes first (AbortSignal.any where there is one). */
function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms)
  if (!signal) return timeout
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, timeout])
  const both = new AbortController()
  for (const source of [signal, timeout]) {
    if (source.aborted) both.abort(source.reason)
    else source.addEventListener('abort', () => both.abort(source.reason), { once: true })
  }
  return both.signal
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
