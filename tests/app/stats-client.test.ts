import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApi } from '../../src/api/http.ts'
import { queryStats } from '../../src/api/stats.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const query = {
  project: 'shop',
  from: '2026-11-23T10:00:00Z',
  to: '2026-11-24T10:00:00Z',
  metrics: ['requests' as const],
}

describe('the statistics client', () => {
  it('posts the query to the stats service with the token, and parses the answer', async () => {
    const calls: { url: string; auth: string | null; body: string }[] = []
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, auth: new Headers(init.headers).get('authorization'), body: String(init.body) })
      const data = {
        granularity: 'hour',
        series: [{ points: [{ ts: '2026-11-23T10:00:00.000Z', values: { requests: 5 } }] }],
        totals: { requests: 5 },
      }
      return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } })
    })
    const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
    const result = await queryStats(api, query)
    expect(result.totals).toEqual({ requests: 5 })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe('/api/stats/v0/queries')
    expect(calls[0]?.auth).toBe('Bearer secret')
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(query)
  })

  it('stops waiting when the caller’s signal aborts (Cancel), long before its time-out', async () => {
    let seen: AbortSignal | undefined
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          const signal = init.signal as AbortSignal
          seen = signal
          signal.addEventListener('abort', () => reject(signal.reason))
        }),
    )
    const api = createApi({ getToken: () => null, onUnauthorized: () => {} })
    const cancel = new AbortController()
    const pending = queryStats(api, query, cancel.signal)
    await vi.waitFor(() => expect(seen).toBeDefined())
    cancel.abort()
    await expect(pending).rejects.toThrow()
    expect(seen?.aborted).toBe(true)
  })
})
