import type { QueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { chunkReloadMachine } from '../../machines/chunk-reload.ts'
import { type LoadedProject, projectMachine } from '../../machines/project.ts'
import { type ApiClients, isForbidden } from '../api/http.ts'
import {
  getProject,
  getProjectPermissions,
  parseProject,
  parseProjectPermissions,
  searchProjects,
} from '../api/projects.ts'
import { ProjectUnavailableError } from '../domain/project.ts'
import { whileUnavailable } from '../queries/errors.ts'
import type { ProjectQueries } from '../queries/projects.ts'
import { type EarlyRequests, earlyOr } from './early-requests.ts'
import type { HeadStart } from './head-start.ts'
import { storage } from './storage.ts'

/** Spec section 7: the start-up search looks for the last selected project among 1000, else takes the first. */
const DEFAULT_PROJECT_SEARCH = { lastSelected: 1000, first: 1 } as const
const RELOAD_KEY = 'chunk-reload-at'

/** The project in the URL, requested as soon as a token is accepted (see head-start.ts). */
export function startProjectRequests(
  api: ApiClients,
  queryClient: QueryClient,
  projects: ProjectQueries,
  headStart: HeadStart,
  name: string,
  early: { token: string; requests: EarlyRequests },
) {
  const expected = { token: early.token, project: name }
  headStart.start(`project-permissions:${name}`, () =>
    earlyOr(early.requests.take('projectPermissions', expected), parseProjectPermissions, () =>
      getProjectPermissions(api, name),
    ),
  )
  const earlyInfo = early.requests.take('projectInfo', expected)
  headStart.start(`project-info:${name}`, () =>
    queryClient.fetchQuery({
      ...projects.info(name),
      queryFn: () => earlyOr(earlyInfo, parseProject, () => getProject(api, name)),
    }),
  )
}

export function provideProject(
  api: ApiClients,
  queryClient: QueryClient,
  projects: ProjectQueries,
  headStart: HeadStart,
) {
  return projectMachine.provide({
    actors: {
      findDefaultProject: fromPromise<string | null>(async () => {
        const lastSelected = storage.get(storage.keys.lastSelectedProject)
        if (lastSelected) {
          const candidates = await searchProjects(api, DEFAULT_PROJECT_SEARCH.lastSelected)
          if (candidates.some((project) => project.name === lastSelected)) return lastSelected
        }
        const [first] = await searchProjects(api, DEFAULT_PROJECT_SEARCH.first)
        return first?.name ?? null
      }),
      loadProject: fromPromise<LoadedProject, { name: string }>(async ({ input }) => {
        // Both at once (the page waits on them). A list-only token may work in the project without
        // reading the project itself: its 403 leaves the info empty (Home is hidden for it anyway).
        // No permissions there (403), no such project (404) or a name no project can have (400, such as
        // capitals typed in the address): the project is not there for this user.
        const [permissions, info] = await Promise.all([
          // Asked again while the platform is unavailable, as the project's info is (a query).
          whileUnavailable(() =>
            headStart.take(`project-permissions:${input.name}`, () => getProjectPermissions(api, input.name)),
          ),
          headStart
            .take(`project-info:${input.name}`, () => queryClient.fetchQuery(projects.info(input.name)))
            .catch((error: unknown) => {
              if (isForbidden(error)) return null
              throw error
            }),
        ]).catch((error: unknown) => {
          if ([400, 403, 404].includes((error as { statusCode?: number } | null)?.statusCode ?? 0))
            throw new ProjectUnavailableError(input.name)
          throw error
        })
        storage.set(storage.keys.currentProject, input.name)
        storage.setJson(storage.keys.projectPermissions, permissions)
        return { info, permissions }
      }),
      rememberProject: fromPromise<void, { name: string }>(async ({ input }) => {
        storage.set(storage.keys.lastSelectedProject, input.name)
      }),
    },
  })
}

/** Reload at most once per 60 s when a code chunk fails to load (a deploy replaced it). */
export function provideChunkReload() {
  return chunkReloadMachine.provide({
    actors: {
      readLastReload: fromPromise<number | null>(async () => {
        const at = Number(window.sessionStorage.getItem(RELOAD_KEY))
        return Number.isFinite(at) && at > 0 ? at : null
      }),
    },
    actions: {
      recordReload: (_, { at }) => window.sessionStorage.setItem(RELOAD_KEY, String(at)),
      reloadPage: () => window.location.reload(),
    },
  })
}
