import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApi, errorMessage } from '../../src/api/http.ts'
import { queryStats } from '../../src/api/stats.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('an answer the console cannot read', () => {
  it('says the platform’s answer could not be read, with what was wrong, not valibot’s words alone', async () => {
    // Another implementation of the API (or a proxy in between) answers 200 with a body of another shape.
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ data: { series: 5 } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    )
    const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
    const message = await queryStats(api, { project: 'shop', metric: 'requests', granularity: '1h' } as never).then(
      () => 'read',
      (error: unknown) => errorMessage(error),
    )
    expect(message).toMatch(/^The platform's answer could not be read \(.*granularity.*\)\.$/)
  })

  it('keeps any other error’s own message', () => {
    expect(errorMessage(new Error('Failed to fetch the snippet.'))).toBe('Failed to fetch the snippet.')
  })
})
