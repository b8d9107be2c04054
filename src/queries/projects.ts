import { queryOptions } from '@tanstack/react-query'
import type { ApiClients } from '../api/http.ts'
import { getProject, searchProjects } from '../api/projects.ts'
import { retryWhileUnavailable } from './errors.ts'

/** Spec section 9: the selector asks for up to 10,000 projects and gives up after 5 s. */
export const SELECTOR_PROJECTS = { items: 10_000, timeoutMs: 5000 } as const

export function projectQueries(api: ApiClients) {
  const all = ['projects'] as const
  return {
    all,
    /** The project selector's list: fetched when it opens, dropped when it closes (project-selector machine). */
    selectorList: () =>
      queryOptions({
        queryKey: [...all, 'selector'],
        queryFn: () => searchProjects(api, SELECTOR_PROJECTS.items, SELECTOR_PROJECTS.timeoutMs),
        retry: retryWhileUnavailable(0),
        staleTime: Infinity,
      }),
    info: (name: string) =>
      queryOptions({
        queryKey: [...all, 'info', name],
        queryFn: () => getProject(api, name),
        retry: retryWhileUnavailable(0),
      }),
  }
}
export type ProjectQueries = ReturnType<typeof projectQueries>
