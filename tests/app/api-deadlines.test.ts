import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { applyRestore, BACKUP_TRANSFER_TIMEOUT_MS, importBackup, planRestore } from '../../src/api/backups.ts'
import { createApi, DEFAULT_TIMEOUT_MS, errorMessage } from '../../src/api/http.ts'
import { SEARCH_TIMEOUT_MS, searchResources } from '../../src/api/search.ts'
import { deleteTenancy, TENANCY_DELETE_TIMEOUT_MS } from '../../src/api/tenancy.ts'

/** A platform that answers each request in turn: a Response, or `hang` (never, until the request is aborted). */
const hang = Symbol('hang')
function platform(...answers: (Response | typeof hang)[]) {
  const asked: string[] = []
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    asked.push(url)
    const signal = init.signal
    // As the browser's fetch: a request whose signal has aborted fails at once.
    if (signal?.aborted) return Promise.reject(signal.reason)
    const answer = answers.shift() ?? hang
    if (answer !== hang) return Promise.resolve(answer)
    return new Promise((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason))
    })
  })
  return asked
}

const api = (early?: (url: string, token: string) => Promise<Response> | null) =>
  createApi({ getToken: () => 'secret', onUnauthorized: () => {}, early })

/** How a call ends: its value, or the message the console would show for its error. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error: errorMessage(error) }),
  )

/** The call's outcome once `ms` have passed, or 'still waiting'. */
async function settledAfter<T>(ms: number, call: Promise<T>): Promise<T | 'still waiting'> {
  let settled: T | 'still waiting' = 'still waiting'
  void call.then((result) => {
    settled = result
  })
  await vi.advanceTimersByTimeAsync(ms)
  return settled
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('every platform call ends within its time-out (spec section 9: 5000 ms)', () => {
  it('gives up on a platform that does not answer, once, and says so', async () => {
    const asked = platform(hang)
    const call = outcome(api().core('/projects/shop'))
    expect(await settledAfter(DEFAULT_TIMEOUT_MS - 1, call)).toBe('still waiting')
    expect(await settledAfter(1, call)).toEqual({ error: 'The platform did not answer in time.' })
    expect(asked).toEqual(['/api/core/v0/projects/shop'])
  })

  it('gives the retry of a GET after a 502 a time-out of its own', async () => {
    const asked = platform(new Response('{}', { status: 502 }), hang)
    const call = outcome(api().core('/projects/shop'))
    expect(await settledAfter(DEFAULT_TIMEOUT_MS, call)).toEqual({ error: 'The platform did not answer in time.' })
    expect(asked).toHaveLength(2)
  })

  it("keeps the time-out when the caller brings a signal, and the caller's abort still cancels at once", async () => {
    platform(hang, hang)
    const caller = new AbortController()
    const timedOut = outcome(api().core('/backend-health', { signal: caller.signal }))
    expect(await settledAfter(DEFAULT_TIMEOUT_MS, timedOut)).toEqual({ error: 'The platform did not answer in time.' })
    const cancel = new AbortController()
    const cancelled = outcome(api().core('/backend-health', { signal: cancel.signal }))
    cancel.abort()
    expect(await settledAfter(0, cancelled)).toHaveProperty('error')
  })

  it("stops waiting for index.html's early answer that never comes", async () => {
    platform()
    const never = new Promise<Response>(() => {})
    const call = outcome(api(() => never).core('/projects/shop'))
    expect(await settledAfter(DEFAULT_TIMEOUT_MS - 1, call)).toBe('still waiting')
    expect(await settledAfter(1, call)).toEqual({ error: 'The platform did not answer in time.' })
  })

  it("gives a call its own time-out (the search's 45 s), asked once", async () => {
    const asked = platform(hang, hang)
    const call = outcome(searchResources(api(), 'shop'))
    expect(await settledAfter(SEARCH_TIMEOUT_MS - 1, call)).toBe('still waiting')
    expect(await settledAfter(1, call)).toEqual({ error: 'The platform did not answer in time.' })
    expect(asked).toEqual(['/api/core/v0/search?query=shop'])
  })

  it("gives a backup's upload, a restore's plan and its application a minute, not the 5 s of a call", async () => {
    platform(hang, hang, hang)
    const calls = Promise.all([
      outcome(importBackup(api(), 'shop', { format: 'wadp-backup' })),
      outcome(planRestore(api(), 'shop', 'daily-1')),
      outcome(applyRestore(api(), 'shop', 'daily-1', 3)),
    ])
    expect(await settledAfter(DEFAULT_TIMEOUT_MS, calls)).toBe('still waiting')
    const timedOut = { error: 'The platform did not answer in time.' }
    expect(await settledAfter(BACKUP_TRANSFER_TIMEOUT_MS - DEFAULT_TIMEOUT_MS, calls)).toEqual([
      timedOut,
      timedOut,
      timedOut,
    ])
  })

  it("gives the deletion of a customer or a project a minute: a large customer's cascade takes long", async () => {
    platform(hang, hang)
    const calls = Promise.all([
      outcome(deleteTenancy(api(), { kind: 'customer', name: 'acme', revision: 4, cascade: true })),
      outcome(deleteTenancy(api(), { kind: 'project', name: 'shop', revision: 2, cascade: false })),
    ])
    expect(await settledAfter(DEFAULT_TIMEOUT_MS, calls)).toBe('still waiting')
    const timedOut = { error: 'The platform did not answer in time.' }
    expect(await settledAfter(TENANCY_DELETE_TIMEOUT_MS - DEFAULT_TIMEOUT_MS, calls)).toEqual([timedOut, timedOut])
  })

  it('gives a statistics query its own 100 s', async () => {
    platform(hang)
    const call = outcome(api().statsQueries('', { method: 'POST', body: {} }))
    expect(await settledAfter(DEFAULT_TIMEOUT_MS, call)).toBe('still waiting')
    expect(await settledAfter(100_000 - DEFAULT_TIMEOUT_MS, call)).toEqual({
      error: 'The platform did not answer in time.',
    })
  })
})
