// @vitest-environment happy-dom

import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getProjectSync } from '../../src/api/configuration.ts'
import { createApi } from '../../src/api/http.ts'
import { getProject, getProjectPermissions } from '../../src/api/projects.ts'
import { getResource, listResources } from '../../src/api/resources.ts'
import { checkSession, getPermissions, getUser } from '../../src/api/session.ts'
import { EARLY_READ_MS, earlyOr, takeEarlyRequests } from '../../src/app/early-requests.ts'
import { DEFAULT_LIST_PARAMS } from '../../src/domain/list-params.ts'
import { PAGE_HEADINGS, pageDescription } from '../../src/domain/page-headings.ts'
import { resourceRoutes } from '../../src/domain/resource-ui.ts'
import { EARLY_HEADING_CLASS, EARLY_PROJECT_CLASS, STORAGE_KEYS } from '../../src/domain/session.ts'
import { localTimeZone, timesNote } from '../../src/domain/time-zone.ts'
import { type EarlyPages, earlyPages, earlyRequestsScript } from '../../src/early-pages.ts'
import { declaredPath } from '../../src/page-chunks.ts'
import { RESOURCE_UIS } from '../../src/types/screens.ts'

type Call = { url: string; method: string; authorization: string | null; body: unknown }

/** Runs index.html's inline script as the browser would, with a fetch that records every call. */
function runInlineScript(
  answer: (url: string) => { status: number; body: unknown } = () => ({ status: 200, body: {} }),
  pages?: EarlyPages,
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
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    }),
  )
  new Function(earlyRequestsScript(pages))()
  return calls
}

/** A JSON answer, as the platform gives it. */
const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))

/** Every URL the API client asks the network for from now on, each answered 200 with `body`. */
function askedOfNetwork(body: unknown): string[] {
  const asked: string[] = []
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url)
    return answer(200, body)
  })
  return asked
}

/** The script's requests that wait for an earlier answer (the sync state, after the project's) are asked. */
const answered = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  document.documentElement.classList.remove(EARLY_HEADING_CLASS, EARLY_PROJECT_CLASS)
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

  it("asks for the session, the user and the project exactly what the console's API client asks", async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'secret-token')
    window.localStorage.setItem(STORAGE_KEYS.userEmail, 'ada+ops@example.com')
    window.history.replaceState(null, '', '/home?project=shop%2Fa%20b')
    const calls = runInlineScript()
    await answered()
    const early = calls.map((call) => call.url)
    const asked = askedOfNetwork({})
    const api = createApi({ getToken: () => 'secret-token', onUnauthorized: () => {} })
    for (const read of [
      () => checkSession(api),
      () => getPermissions(api),
      () => getUser(api, 'ada+ops@example.com'),
      () => getProjectPermissions(api, 'shop/a b'),
      () => getProject(api, 'shop/a b'),
      () => getProjectSync(api, 'shop/a b'),
    ])
      await read().catch(() => {})
    expect(early).toEqual(asked)
    expect(early).toContain('/api/core/v0/projects/shop%2Fa%20b')
  })

  it('uses the identity provider’s token after an SSO sign-in', () => {
    window.localStorage.setItem(STORAGE_KEYS.authType, 'oauth')
    window.localStorage.setItem(STORAGE_KEYS.oauthToken, 'jwt-token')
    const calls = runInlineScript()
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/v0/auth/check', '/api/auth/v0/auth/permissions'])
    expect(calls.every((call) => call.authorization === 'Bearer jwt-token')).toBe(true)
  })
})

describe("the project's sync state index.html starts", () => {
  it("is asked once the project has answered, after the page's read, as the console's API client asks it", async () => {
    const url = '/api/core/v0/projects/shop/sync?details=true'
    const state = { updated: true, finished: true, error: null, details: [] }
    signedIn('/websites-detail/shop-example-com?project=shop')
    const calls = runInlineScript(
      (asked) => ({ status: 200, body: asked === url ? { data: state } : {} }),
      consolePages(),
    )
    expect(calls.some((call) => call.url.includes('/sync'))).toBe(false)
    await answered()
    expect(calls.map((call) => call.url).slice(-2)).toEqual([
      '/api/core/v0/projects/shop/websites/shop-example-com',
      url,
    ])
    expect(calls.at(-1)?.authorization).toBe('Bearer secret-token')
    // The top bar's check takes it instead of asking (src/api/configuration.ts builds the same URL), once.
    const early = takeEarlyRequests()
    const asked = askedOfNetwork({ data: state })
    const api = createApi({ getToken: () => 'secret-token', onUnauthorized: () => {}, early: early.response })
    expect(early.response(url, 'another-token')).toBeNull()
    await expect(getProjectSync(api, 'shop')).resolves.toEqual(state)
    expect(asked).toEqual([])
    await getProjectSync(api, 'shop')
    expect(asked).toEqual([url])
  })

  it('is not asked for a project that is not there', async () => {
    signedIn('/websites?project=nope')
    const calls = runInlineScript((url) =>
      url === '/api/core/v0/projects/nope'
        ? { status: 404, body: { message: 'not found' } }
        : { status: 200, body: {} },
    )
    await answered()
    expect(calls.map((call) => call.url)).toContain('/api/core/v0/projects/nope')
    expect(calls.some((call) => call.url.includes('/sync'))).toBe(false)
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

/** The pages table index.html's script carries, from the console's route files. */
function consolePages(): EarlyPages {
  const routes = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'routes')
  const declared = readdirSync(routes)
    .filter((name) => name.endsWith('.tsx') && !name.startsWith('-') && !name.startsWith('__'))
    .map((name) => declaredPath(readFileSync(join(routes, name), 'utf8')))
  return earlyPages(declared.filter((path) => path !== null))
}

const signedIn = (address: string) => {
  window.localStorage.setItem(STORAGE_KEYS.authToken, 'secret-token')
  window.history.replaceState(null, '', address)
}
const pageRead = (calls: Call[]) => calls.slice(calls.findIndex((call) => call.url.includes('/auth/permissions')) + 1)

describe("the page's own read index.html starts", () => {
  it("starts a list's first page and a record's read, for the URL's project, with the stored token", () => {
    const pages = consolePages()
    signedIn('/websites?project=shop')
    expect(pageRead(runInlineScript(undefined, pages)).map((call) => call.url)).toEqual([
      '/api/auth/v0/projects/shop/permissions',
      '/api/core/v0/projects/shop',
      '/api/core/v0/projects/shop/websites?page=1&items=100',
    ])
    signedIn('/websites-edit/shop%20front?project=shop')
    const record = runInlineScript(undefined, pages).at(-1)
    expect(record).toEqual({
      url: '/api/core/v0/projects/shop/websites/shop%20front',
      method: 'GET',
      authorization: 'Bearer secret-token',
      body: null,
    })
    // A platform type needs no project.
    signedIn('/nodes')
    expect(runInlineScript(undefined, pages).at(-1)?.url).toBe('/api/core/v0/nodes?page=1&items=100')
  })

  it('starts none for a search it does not guess, a project missing, or a page that is no resource', () => {
    const pages = consolePages()
    for (const address of [
      '/websites?project=shop&q=blog',
      '/websites?project=shop&page=2',
      '/websites',
      '/websites-detail?project=shop',
      '/websites-detail/a/b?project=shop',
      '/home?project=shop',
      '/websites-add?project=shop',
    ]) {
      signedIn(address)
      const calls = runInlineScript(undefined, pages)
      expect(
        calls.filter((call) => /websites/.test(call.url)),
        address,
      ).toEqual([])
      delete window.__wadpEarly
    }
  })

  it("asks, for every type's list, detail and edit page, exactly what the console's API client asks", async () => {
    const pages = consolePages()
    const asked: string[] = []
    const api = createApi({ getToken: () => 'secret-token', onUnauthorized: () => {} })
    let checked = 0
    for (const ui of RESOURCE_UIS) {
      const routes = resourceRoutes(ui)
      const cases = [
        { address: routes.list, read: () => listResources(api, ui, 'shop', DEFAULT_LIST_PARAMS) },
        { address: routes.detail('a b'), read: () => getResource(api, ui, 'shop', 'a b') },
        { address: routes.edit('a b'), read: () => getResource(api, ui, 'shop', 'a b') },
      ]
      for (const { address, read } of cases) {
        const first = `/${address.split('/')[1]}`
        if (!(first in pages.pages)) continue
        signedIn(`${address}?project=shop`)
        const early = runInlineScript(undefined, pages).at(-1)?.url
        await answered()
        delete window.__wadpEarly
        asked.length = 0
        vi.stubGlobal('fetch', async (url: string) => {
          asked.push(url)
          // Not found: ofetch asks a GET again after a 500, not after a 404.
          return new Response('{}', { status: 404 })
        })
        await read().catch(() => {})
        expect(asked, address).toEqual([early])
        checked++
      }
    }
    // Every list with a one-segment path, and the detail and edit pages that have one.
    expect(checked).toBe(Object.keys(pages.pages).length)
    expect(checked).toBeGreaterThan(40)
  })
})

describe("the page's heading index.html shows while the session is checked", () => {
  const headingAt = (address: string, pages: EarlyPages) => {
    signedIn(address)
    document.documentElement.classList.remove(EARLY_HEADING_CLASS, EARLY_PROJECT_CLASS)
    runInlineScript(undefined, pages)
    const shown = document.documentElement.classList.contains(EARLY_HEADING_CLASS)
    const heading = takeEarlyRequests().heading
    expect(shown, address).toBe(heading !== null)
    return heading
  }
  const titleAt = (address: string, pages: EarlyPages) => headingAt(address, pages)?.title ?? null

  it("is a list's title, the add page's, and the edit page's with the name from the address", () => {
    const pages = consolePages()
    expect(titleAt('/websites?project=shop&q=blog', pages)).toBe('Websites')
    expect(titleAt('/nodes', pages)).toBe('Nodes')
    expect(titleAt('/websites-add?project=shop', pages)).toBe('Add website')
    expect(titleAt('/websites-edit/shop%20front?project=shop', pages)).toBe('Edit website shop front')
    expect(titleAt('/code-snippets-edit/security-headers?project=shop', pages)).toBe(
      'Edit VCL snippet security-headers',
    )
    // The name is text for the page to show as text, whatever it holds.
    expect(titleAt('/websites-edit/%3Cimg%20src%3Dx%3E', pages)).toBe('Edit website <img src=x>')
    expect(headingAt('/websites?project=shop', pages)?.description).toBe('')
  })

  it("is a fixed page's heading with its description, the project and the times' sentence put in", () => {
    const pages = consolePages()
    expect(headingAt('/statistics?project=shop&range=7d', pages)).toEqual({
      title: PAGE_HEADINGS['/statistics'].title,
      description: pageDescription('/statistics', { project: 'shop', times: timesNote() }),
      page: '/statistics',
    })
    expect(headingAt('/audit', pages)).toEqual({
      title: 'Audit Log',
      description: `Every change and every sign-in, newest first. Times are local (${localTimeZone()}).`,
      page: '/audit',
    })
    expect(headingAt('/api-docs?project=shop', pages)).toEqual({ ...PAGE_HEADINGS['/api-docs'], page: '/api-docs' })
    // Without a project in the address, the description that names it is not known yet.
    expect(headingAt('/backups', pages)).toEqual({ title: 'Backups', description: '', page: '/backups' })
  })

  it('is none where the address does not give it: a record, Home, a name missing or one segment too many', () => {
    const pages = consolePages()
    for (const address of [
      '/websites-detail/shop-example-com?project=shop',
      '/home?project=shop',
      '/websites-edit?project=shop',
      '/websites-edit/?project=shop',
      '/websites/extra?project=shop',
      '/websites-edit/a/b?project=shop',
      '/websites-edit/%E0%A4%A?project=shop',
    ])
      expect(titleAt(address, pages), address).toBeNull()
  })

  it('marks the project in the address, for the frame to keep the sidebar’s place; nothing without a session', () => {
    const pages = consolePages()
    headingAt('/websites?project=shop', pages)
    expect(document.documentElement.classList.contains(EARLY_PROJECT_CLASS)).toBe(true)
    headingAt('/nodes', pages)
    expect(document.documentElement.classList.contains(EARLY_PROJECT_CLASS)).toBe(false)
    window.localStorage.clear()
    document.documentElement.classList.remove(EARLY_HEADING_CLASS)
    window.history.replaceState(null, '', '/websites?project=shop')
    runInlineScript(undefined, pages)
    expect(document.documentElement.classList.contains(EARLY_HEADING_CLASS)).toBe(false)
    expect(takeEarlyRequests().heading).toBeNull()
  })
})

describe('the API client takes the early response', () => {
  it('instead of asking, once, for the same URL and token; a GET only', async () => {
    signedIn('/websites?project=shop')
    const pages = consolePages()
    runInlineScript((url) => ({ status: 200, body: { data: [], meta: { total: 0, page: 1, items: 100 }, url } }), pages)
    await answered()
    const early = takeEarlyRequests()
    const asked = askedOfNetwork({ data: [], meta: { total: 0, page: 1, items: 100 } })
    const other = createApi({ getToken: () => 'another-token', onUnauthorized: () => {}, early: early.response })
    const api = createApi({ getToken: () => 'secret-token', onUnauthorized: () => {}, early: early.response })
    const websites = RESOURCE_UIS.find((ui) => ui.type === 'websites')
    if (!websites) throw new Error('no websites screen')
    await listResources(other, websites, 'shop', DEFAULT_LIST_PARAMS)
    expect(asked).toEqual(['/api/core/v0/projects/shop/websites?page=1&items=100'])
    await expect(listResources(api, websites, 'shop', DEFAULT_LIST_PARAMS)).resolves.toMatchObject({ data: [] })
    expect(asked).toHaveLength(1)
    await listResources(api, websites, 'shop', DEFAULT_LIST_PARAMS)
    expect(asked).toHaveLength(2)
  })

  it('asks anew when the page reads its URL only after EARLY_READ_MS (the user went elsewhere first)', () => {
    const url = '/api/core/v0/projects/shop/websites?page=1&items=100'
    const takenAfter = (elapsed: number) => {
      signedIn('/websites?project=shop')
      runInlineScript(undefined, consolePages())
      let clock = 1_000
      const early = takeEarlyRequests(window, () => clock)
      clock += elapsed
      return early.response(url, 'secret-token')
    }
    expect(takenAfter(EARLY_READ_MS)).not.toBeNull()
    expect(takenAfter(EARLY_READ_MS + 1)).toBeNull()
  })

  it('reports an early 401 as its own, and asks again when the early request never got an answer', async () => {
    const unauthorized = vi.fn()
    const responses: Record<string, Promise<Response>> = {
      '/api/core/v0/projects/shop/websites/a': answer(401, { message: 'token expired' }),
      '/api/core/v0/projects/shop/websites/b': Promise.reject(new TypeError('Failed to fetch')),
    }
    responses['/api/core/v0/projects/shop/websites/b']?.catch(() => {})
    const api = createApi({
      getToken: () => 'secret-token',
      onUnauthorized: unauthorized,
      early: (url) => responses[url] ?? null,
    })
    const asked = askedOfNetwork({
      data: { name: 'b', revision: 1, created_at: '', created_by: '', updated_at: '', updated_by: '' },
    })
    const websites = RESOURCE_UIS.find((ui) => ui.type === 'websites')
    if (!websites) throw new Error('no websites screen')
    await expect(getResource(api, websites, 'shop', 'a')).rejects.toThrow()
    expect(unauthorized).toHaveBeenCalledWith('token expired')
    await expect(getResource(api, websites, 'shop', 'b')).resolves.toMatchObject({ name: 'b' })
    expect(asked).toEqual(['/api/core/v0/projects/shop/websites/b'])
  })
})
