import { FetchError } from 'ofetch'
import { describe, expect, it, vi } from 'vitest'
import { isUnavailableError, unavailableRetryMs } from '../../src/domain/availability.ts'
import { retryDelay, retryWhileUnavailable, UNAVAILABLE_RETRIES, whileUnavailable } from '../../src/queries/errors.ts'

/** What ofetch throws for an answer with this status (and headers), or for none at all. */
function fetchError(status?: number, headers: Record<string, string> = {}): FetchError {
  const error = new FetchError(
    status ? `[GET] "/api/core/v0/x": ${status}` : '[GET] "/api/core/v0/x": <no response> fetch failed',
  )
  if (status) {
    Object.assign(error, { statusCode: status, status, response: new Response('{}', { status, headers }) })
  }
  return error
}

describe('the platform away for a moment (issue 25)', () => {
  it('is a 502, 503 or 504, or no answer at all; never a refusal, a 500 or a time-out', () => {
    expect(isUnavailableError(fetchError(503))).toBe(true)
    expect(isUnavailableError(fetchError(502))).toBe(true)
    expect(isUnavailableError(fetchError(504))).toBe(true)
    expect(isUnavailableError(fetchError())).toBe(true)
    for (const status of [400, 401, 403, 404, 409, 500]) expect(isUnavailableError(fetchError(status))).toBe(false)
    expect(
      isUnavailableError(new FetchError('[GET] "/x": <no response> The operation was aborted due to timeout')),
    ).toBe(false)
    expect(isUnavailableError(new Error('boom'))).toBe(false)
  })

  it("waits as long as the answer's Retry-After says, within 1-30 s, else 2 s", () => {
    expect(unavailableRetryMs(fetchError(503, { 'retry-after': '5' }))).toBe(5000)
    expect(unavailableRetryMs(fetchError(503, { 'retry-after': '600' }))).toBe(30_000)
    expect(unavailableRetryMs(fetchError(503))).toBe(2000)
    expect(retryDelay(0, fetchError(503, { 'retry-after': '1' }))).toBe(1000)
    expect(retryDelay(2, fetchError(500))).toBe(4000)
  })

  it('is asked again for minutes by a query, while other failures keep their own retries', () => {
    const retry = retryWhileUnavailable(0)
    expect(retry(1, fetchError(503))).toBe(true)
    expect(retry(UNAVAILABLE_RETRIES - 1, fetchError(503))).toBe(true)
    expect(retry(UNAVAILABLE_RETRIES, fetchError(503))).toBe(false)
    expect(retry(0, fetchError(404))).toBe(false)
    expect(retryWhileUnavailable(1)(0, fetchError(500))).toBe(true)
  })

  it('is asked again by a call outside the cache until it answers', async () => {
    vi.useFakeTimers()
    try {
      const call = vi
        .fn()
        .mockRejectedValueOnce(fetchError(503, { 'retry-after': '1' }))
        .mockResolvedValue(['wadp.*.*'])
      const answer = whileUnavailable(call)
      await vi.advanceTimersByTimeAsync(1000)
      expect(await answer).toEqual(['wadp.*.*'])
      expect(call).toHaveBeenCalledTimes(2)
      await expect(whileUnavailable(vi.fn().mockRejectedValue(fetchError(403)))).rejects.toThrow()
    } finally {
      vi.useRealTimers()
    }
  })
})
