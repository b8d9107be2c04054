import { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { listLoader } from '../../routes/-resources/listLoader.ts'
import type { ApiClients } from '../../src/api/http.ts'
import type { RouterContext } from '../../src/app/router-context.ts'
import { ResourceListSearch } from '../../src/domain/list-search.ts'
import { resourceQueries } from '../../src/queries/resources.ts'
import { projectsUi } from '../../src/types/projects/screen.ts'
import { websitesUi } from '../../src/types/websites/screen.ts'

const page = { data: [], meta: { total: 0, page: 1, items: 100 } }

/** The router context a loader sees: the selected project, the permissions there and the session's, a fake API. */
function routerContext(options: {
  project: string | null
  projectPermissions?: string[]
  sessionPermissions?: string[]
  answer?: () => Promise<unknown>
}) {
  const calls: { service: string; path: string; query: unknown }[] = []
  const client = (service: string) =>
    vi.fn(async (path: string, init: { query?: unknown } = {}) => {
      calls.push({ service, path, query: init.query })
      return options.answer ? options.answer() : page
    })
  const api = { core: client('core'), auth: client('auth') } as unknown as ApiClients
  const queries = resourceQueries(api)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const snapshot = (context: object) => ({ getSnapshot: () => ({ context }) })
  const context = {
    queryClient,
    actors: {
      project: snapshot({ project: options.project, permissions: options.projectPermissions ?? [] }),
      session: snapshot({ permissions: options.sessionPermissions ?? [] }),
    },
    resources: vi.fn(async () => ({ queries })),
  } as unknown as RouterContext
  return { context, calls, queries, queryClient }
}

const at = (search: Record<string, unknown>, schema: v.GenericSchema = ResourceListSearch) => ({
  location: { search },
  route: { options: { validateSearch: schema } },
})

describe('listLoader: a list route starts its page’s query', () => {
  it('asks for the page the URL names and caches it under the key the page reads', async () => {
    const { context, calls, queries, queryClient } = routerContext({
      project: 'shop',
      projectPermissions: ['wadp.websites.list'],
    })
    await listLoader(websitesUi)({ context, ...at({ project: 'shop', page: '2', items: '25', q: 'blog' }) })
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      service: 'core',
      path: '/projects/shop/websites',
      query: { page: 2, items: 25, q: 'blog' },
    })
    // ProjectList's useQuery: the same options for the same URL find the answer without a request.
    const key = queries.list(websitesUi, 'shop', { page: 2, items: 25, q: 'blog', sort: '' }, {}).queryKey
    await vi.waitFor(() => expect(queryClient.getQueryData(key)).toEqual(page))
    // Marked settled, React's use() (useResourcePage) reads the tools at once instead of suspending the page.
    const loading = vi.mocked(context.resources).mock.results[0]?.value
    expect(loading).toMatchObject({ status: 'fulfilled', value: { queries } })
  })

  it('keeps the dropdown filters the type offers, read through the route’s own search schema', async () => {
    const { context, calls } = routerContext({ project: 'shop', sessionPermissions: ['auth.projects.list'] })
    const ProjectsSearch = v.object({
      ...ResourceListSearch.entries,
      customer: v.optional(v.string()),
      organization: v.optional(v.string()),
    })
    await listLoader(projectsUi)({
      context,
      ...at({ customer: 'acme-retail', organization: 'Not A Name!', other: 'x' }, ProjectsSearch),
    })
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      service: 'auth',
      path: '/projects',
      query: { customer: 'acme-retail', page: 1, items: 100 },
    })
  })

  it('asks nothing without a selected project or without the list permission there', async () => {
    for (const options of [
      { project: null, projectPermissions: ['wadp.*.*'] },
      { project: 'shop', projectPermissions: ['wadp.websites.get', 'wadp.directors.list'] },
      // The session's permissions are not the project's.
      { project: 'shop', projectPermissions: [], sessionPermissions: ['wadp.websites.list'] },
    ]) {
      const { context, calls } = routerContext(options)
      await listLoader(websitesUi)({ context, ...at({}) })
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(calls).toEqual([])
      expect(context.resources).not.toHaveBeenCalled()
    }
  })

  it('never fails the navigation when the list cannot be fetched: the page shows the error itself', async () => {
    const { context, calls } = routerContext({
      project: 'shop',
      projectPermissions: ['wadp.websites.list'],
      answer: () => Promise.reject(new Error('503 Service Unavailable')),
    })
    await expect(listLoader(websitesUi)({ context, ...at({}) })).resolves.toBeUndefined()
    await vi.waitFor(() => expect(calls).toHaveLength(1))
  })
})
