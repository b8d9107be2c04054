import type { QueryClient } from '@tanstack/react-query'
import { type ActorOptions, type AnyActorLogic, createActor, fromPromise } from 'xstate'
import type { SearchOutcome } from '../../machines/global-search.ts'
import { globalSearchMachine } from '../../machines/global-search.ts'
import { projectSelectorMachine } from '../../machines/project-selector.ts'
import { syncNotification } from '../../machines/sync-status.selectors.ts'
import type { ApiClients } from '../api/http.ts'
import type { ProjectQueries } from '../queries/projects.ts'
import type { SearchQueries } from '../queries/search.ts'
import { provideSyncStatus } from './configuration.ts'
import type { ConsoleQueries, Notify } from './router-context.ts'

export function provideProjectSelector(queryClient: QueryClient, projects: ProjectQueries) {
  return projectSelectorMachine.provide({
    actors: {
      fetchProjects: fromPromise<void>(async () => {
        await queryClient.fetchQuery(projects.selectorList())
      }),
    },
    actions: {
      clearProjects: () => queryClient.removeQueries({ queryKey: projects.selectorList().queryKey }),
    },
  })
}

export function provideGlobalSearch(queryClient: QueryClient, search: SearchQueries) {
  return globalSearchMachine.provide({
    actors: {
      search: fromPromise<SearchOutcome, { query: string }>(async ({ input }) => {
        const results = await queryClient.fetchQuery(search.results(input.query))
        return { count: results.length }
      }),
    },
  })
}

/**
 * The shell's root actors, which a page's first render does not need (src/app/later-actor.ts): the project
 * selector, the global search and the two sync checks, created and started when their chunk arrives. A
 * finished explicit check is announced for 10 s.
 */
export function startShellActors(
  api: ApiClients,
  queryClient: QueryClient,
  queries: ConsoleQueries,
  notify: Notify,
  options: ActorOptions<AnyActorLogic>,
) {
  // One provided sync machine for both views' actors: providing builds the whole machine again.
  const syncStatus = provideSyncStatus(api)
  const actors = {
    projectSelector: createActor(provideProjectSelector(queryClient, queries.projects), options),
    globalSearch: createActor(provideGlobalSearch(queryClient, queries.search), options),
    projectSync: createActor(syncStatus, { ...options, input: { kind: 'project', project: null, autoStart: false } }),
    adminSync: createActor(syncStatus, { ...options, input: { kind: 'admin', autoStart: false } }),
  }
  for (const sync of [actors.projectSync, actors.adminSync]) {
    sync.on('sync.finished', (event) => {
      const notification = syncNotification(event)
      if (notification) {
        const kind =
          notification.result === 'success' ? 'success' : notification.result === 'warning' ? 'warning' : 'error'
        notify(notification.message, { title: notification.title, durationMs: notification.durationMs, kind })
      }
    })
  }
  for (const actor of Object.values(actors)) actor.start()
  return actors
}

export type ShellActors = ReturnType<typeof startShellActors>
