// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { earlyOr, earlyRequestsScript, takeEarlyRequests } from '../../src/app/early-requests.ts'
import { STORAGE_KEYS } from '../../src/domain/session.ts'

type Call = { url: string; method: string; authorization: string | null; body: unknown }

/** Runs index.html's inline script as the browser would, with a fetch that records every call. */
function runInlineScript(
  answer: (url: string) => { status: number; body: unknown } = () => ({ status: 200, body: {} }),
) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, options: RequestInit) => {
      const headers = new Headers(options.headers)
      calls.push({
        url,
        method: options.method ?? 'GET',
        authorization: headers.get('authorization'),
        body: options.body ? JSON.parse(String(options.body)) : null,
      })
      const { status, body } = answer(url)
      return new Response(JSON.stringify(body), { status })
    }),
  )
  new Function(earlyRequestsScript())()
  return calls
}

afterEach(() => {
  window.localStorage.clear()
  delete window.__wadpEarly
  window.history.replaceState(null, '', '/')
  vi.unstubAllGlobals()
})

describe('the restore requests index.html starts', () => {
  it('starts nothing without a stored session', () => {
    expect(runInlineScript()).toEqual([])
    expect(window.__wadpEarly).toBeUndefined()
  })

  it('starts the session check (no sign-in), user, permissions and the URL project with the stored token', () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'secret-token')
    window.localStorage.setItem(STORAGE_KEYS.userEmail, 'ada@example.com')
    window.history.replaceState(null, '', '/home?project=shop')
    const calls = runInlineScript()
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/auth/v0/auth/check',
      'GET /api/auth/v0/auth/permissions',
      'GET /api/auth/v0/users/ada%40example.com',
      'GET /api/auth/v0/projects/shop/permissions',
      'GET /api/core/v0/projects/shop',
    ])
    expect(calls.every((call) => call.authorization === 'Bearer secret-token' && call.body === null)).toBe(true)
  })

  it('uses the identity provider’s token after an SSO sign-in', () => {
    window.localStorage.setItem(STORAGE_KEYS.authType, 'oauth')
    window.localStorage.setItem(STORAGE_KEYS.oauthToken, 'jwt-token')
    const calls = runInlineScript()
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/v0/auth/check', '/api/auth/v0/auth/permissions'])
    expect(calls.every((call) => call.authorization === 'Bearer jwt-token')).toBe(true)
  })
})

describe('taking the early answers', () => {
  it('hands each answer out once, and only for the token, user and project it was asked for', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'secret-token')
    window.localStorage.setItem(STORAGE_KEYS.userEmail, 'ada@example.com')
    window.history.replaceState(null, '', '/home?project=shop')
    runInlineScript((url) => ({ status: 200, body: { data: url } }))
    const early = takeEarlyRequests()
    expect(window.__wadpEarly).toBeUndefined()

    expect(early.take('session', { token: 'another-token' })).toBeNull()
    expect(early.take('user', { token: 'secret-token', email: 'grace@example.com' })).toBeNull()
    expect(early.take('projectInfo', { token: 'secret-token', project: 'media' })).toBeNull()
    await expect(early.take('projectInfo', { token: 'secret-token', project: 'shop' })).resolves.toEqual({
      data: '/api/core/v0/projects/shop',
    })
    expect(early.take('projectInfo', { token: 'secret-token', project: 'shop' })).toBeNull()
  })

  it('asks again through the API client when an early answer failed or does not parse', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'expired-token')
    runInlineScript(() => ({ status: 401, body: { message: 'token expired' } }))
    const early = takeEarlyRequests()
    const ask = vi.fn(async () => 'asked again')
    await expect(earlyOr(early.take('session', { token: 'expired-token' }), () => 'parsed', ask)).resolves.toBe(
      'asked again',
    )
    const unparsable = Promise.resolve({ unexpected: true })
    const refuse = () => {
      throw new Error('not a session answer')
    }
    await expect(earlyOr(unparsable, refuse, ask)).resolves.toBe('asked again')
    await expect(earlyOr(null, refuse, ask)).resolves.toBe('asked again')
    expect(ask).toHaveBeenCalledTimes(3)
  })
})
