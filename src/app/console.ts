import { QueryClient } from '@tanstack/react-query'
import { type ActorRefFrom, createActor } from 'xstate'
import type { chunkReloadMachine } from '../../machines/chunk-reload.ts'
import type { globalSearchMachine } from '../../machines/global-search.ts'
import type { projectMachine } from '../../machines/project.ts'
import type { projectSelectorMachine } from '../../machines/project-selector.ts'
import type { sessionMachine } from '../../machines/session.ts'
import { createApi } from '../api/http.ts'
import { isTokenExpiredMessage } from '../domain/session.ts'
import { platformQueries } from '../queries/platform.ts'
import { projectQueries } from '../queries/projects.ts'
import { searchQueries } from '../queries/search.ts'
import { createAppRouter } from '../router.tsx'
import { inspectorIfRequested } from './inspector.ts'
import { connectNavigation } from './navigation.ts'
import { provideChunkReload, provideGlobalSearch, provideProject, provideProjectSelector } from './project.ts'
import { provideSession, SSO_CALLBACK_PATH } from './session.ts'

export type ConsoleActors = {
  session: ActorRefFrom<typeof sessionMachine>
  project: ActorRefFrom<typeof projectMachine>
  projectSelector: ActorRefFrom<typeof projectSelectorMachine>
  globalSearch: ActorRefFrom<typeof globalSearchMachine>
  chunkReload: ActorRefFrom<typeof chunkReloadMachine>
}

export type ConsoleQueries = {
  platform: ReturnType<typeof platformQueries>
  projects: ReturnType<typeof projectQueries>
  search: ReturnType<typeof searchQueries>
}

/**
 * Builds the running console: API clients, the query cache, every root actor with its real side
 * effects, and the router whose context hands them to the routes.
 */
export async function startConsole(options: { notify: (message: string) => void }) {
  const inspect = await inspectorIfRequested(window.location.search)
  const actorOptions = inspect ? { inspect } : {}
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } })
  const token = { current: null as (() => string | null) | null }
  const expired = { current: () => {} }
  const api = createApi({
    getToken: () => token.current?.() ?? null,
    onUnauthorized: (message) => {
      if (isTokenExpiredMessage(message)) expired.current()
    },
  })
  const queries: ConsoleQueries = {
    platform: platformQueries(api),
    projects: projectQueries(api),
    search: searchQueries(api),
  }
  const actors: ConsoleActors = {
    session: createActor(provideSession(api, queryClient, window.location.origin), { ...actorOptions, input: {} }),
    project: createActor(provideProject(api, queryClient, queries.projects), actorOptions),
    projectSelector: createActor(provideProjectSelector(queryClient, queries.projects), actorOptions),
    globalSearch: createActor(provideGlobalSearch(queryClient, queries.search), actorOptions),
    chunkReload: createActor(provideChunkReload(), { ...actorOptions, input: {} }),
  }
  // Calls made while the session validates or holds a token carry it; none carry a stale one.
  token.current = () => actors.session.getSnapshot().context.credentials?.token ?? null
  expired.current = () => actors.session.send({ type: 'session.expired' })

  const router = createAppRouter({ queryClient, queries, actors })
  connectNavigation(router, actors, options.notify)
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault()
    actors.chunkReload.send({ type: 'chunk.loadFailed' })
  })
  for (const actor of Object.values(actors)) actor.start()
  if (window.location.pathname === SSO_CALLBACK_PATH) {
    actors.session.send({ type: 'session.ssoCallback', url: window.location.href })
  }
  return { router, queryClient }
}
