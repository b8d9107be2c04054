import { QueryClient } from '@tanstack/react-query'
import { createActor } from 'xstate'
import { createApi } from '../api/http.ts'
import type { AdminTools } from '../app/admin.ts'
import { takeEarlyRequests } from '../app/early-requests.ts'
import { createHeadStart } from '../app/head-start.ts'
import { inspectorIfRequested } from '../app/inspector.ts'
import { laterActors, STAND_INS } from '../app/later-actor.ts'
import { loadedModules } from '../app/loaded-modules.ts'
import type { OverviewTools } from '../app/overview.ts'
import { provideChunkReload, provideProject, startProjectRequests } from '../app/project.ts'
import type { QuickSetupActor } from '../app/quick-setup.ts'
import type * as ResourcesModule from '../app/resources.ts'
import type { ResourceTools } from '../app/resources.ts'
import type { ConsoleActors, ConsoleQueries, Notify } from '../app/router-context.ts'
import { provideSession } from '../app/session.ts'
import type { ShellActors } from '../app/shell-actors.ts'
import type { ToolTools } from '../app/tools.ts'
import { isStoredSessionCleared, isTokenExpiredMessage, SSO_CALLBACK_PATH } from '../domain/session.ts'
import { auditQueries } from '../queries/audit.ts'
import { backupQueries } from '../queries/backups.ts'
import { configurationQueries } from '../queries/configuration.ts'
import { retryDelay, retryWhileUnavailable } from '../queries/errors.ts'
import { platformQueries } from '../queries/platform.ts'
import { projectQueries } from '../queries/projects.ts'
import { searchQueries } from '../queries/search.ts'
import { nextTask } from '../ui/nextTask.ts'
import { connectConfiguration, connectNavigation } from './navigation.ts'
import { createAppRouter, stringifySearch } from './router.tsx'

/**
 * Builds the running console: API clients, the query cache, every root actor with its real side
 * effects, and the router whose context hands them to the routes.
 */
export async function startConsole(options: { notify: Notify }) {
  const inspect = await inspectorIfRequested(window.location.search)
  const actorOptions = inspect ? { inspect } : {}
  // A query asks again while the platform is away for a moment (a 503), at its Retry-After (issue 25).
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: retryWhileUnavailable(1), retryDelay, refetchOnWindowFocus: false } },
  })
  const token = { current: null as (() => string | null) | null }
  const expired = { current: () => {} }
  const early = takeEarlyRequests()
  const api = createApi({
    getToken: () => token.current?.() ?? null,
    early: early.response,
    onUnauthorized: (message) => {
      if (isTokenExpiredMessage(message)) expired.current()
    },
  })
  const queries: ConsoleQueries = {
    platform: platformQueries(api),
    projects: projectQueries(api),
    search: searchQueries(api),
    configuration: configurationQueries(api),
    audit: auditQueries(api),
    backups: backupQueries(api),
  }
  const headStart = createHeadStart()
  // The project a restore will open: the one in the URL (without one, the default is looked up later).
  let urlProject = new URLSearchParams(window.location.search).get('project')
  const startUrlProject = (token: string) => {
    if (urlProject)
      startProjectRequests(api, queryClient, queries.projects, headStart, urlProject, { token, requests: early })
    urlProject = null
  }
  // The shell's actors come with their chunk: no page's first render draws them (later-actor.ts).
  const shell = laterActors<ShellActors>(STAND_INS, () =>
    import('../app/shell-actors.ts').then((module) =>
      module.startShellActors(api, queryClient, queries, options.notify, actorOptions),
    ),
  )
  const actors: ConsoleActors = {
    session: createActor(provideSession(api, queryClient, window.location.origin, headStart, early, startUrlProject), {
      ...actorOptions,
      input: {},
    }),
    project: createActor(provideProject(api, queryClient, queries.projects, headStart), actorOptions),
    chunkReload: createActor(provideChunkReload(), { ...actorOptions, input: {} }),
    ...shell.actors,
  }
  // Calls made while the session validates or holds a token carry it; none carry a stale one.
  token.current = () => actors.session.getSnapshot().context.credentials?.token ?? null
  expired.current = () => actors.session.send({ type: 'session.expired' })
  // Signing out in another tab clears the stored session: this tab signs out with it (spec section 4,
  // Logout), rather than going on with the token it holds.
  window.addEventListener('storage', (event) => {
    if (event.storageArea === window.localStorage && isStoredSessionCleared(event.key, event.newValue))
      actors.session.send({ type: 'session.clearedElsewhere' })
  })

  await nextTask()

  // The resource screens' queries and machines load with the first resource page, not with the shell.
  let resourceTools: Promise<ResourceTools> | null = null
  let toolTools: Promise<ToolTools> | null = null
  let overviewTools: Promise<OverviewTools> | null = null
  let adminTools: Promise<AdminTools> | null = null
  let quickSetup: Promise<QuickSetupActor> | null = null
  const router = createAppRouter({
    checkingHeading: early.heading,
    queryClient,
    queries,
    actors,
    resources: () => {
      if (resourceTools) return resourceTools
      type ToolsModule = Pick<typeof ResourcesModule, 'resourceTools'>
      const build = (module: ToolsModule) =>
        module.resourceTools(api, queryClient, {
          notify: (message) => options.notify(message, { kind: 'success' }),
          // After the transition that asked for it is applied: a form that just saved is no longer dirty
          // by then, so its unsaved-changes guard lets the navigation through.
          // A platform type's pages pass no project ('') and keep the selected one in the URL.
          go: (path, project, { replace = false } = {}) =>
            queueMicrotask(() => {
              const kept = project || actors.project.getSnapshot().context.project || undefined
              void router.navigate({ href: `${path}${stringifySearch({ project: kept })}`, replace })
            }),
        })
      // Already there when a resource page's code brought it (loaded-modules.ts): no request for it, and a
      // promise marked settled, which React's use() (useResourcePage) reads at once instead of suspending
      // the page (React would hold its fallback up to 300 ms).
      const loaded = loadedModules.resources as ToolsModule | undefined
      if (loaded) {
        const tools = build(loaded)
        resourceTools = Object.assign(Promise.resolve(tools), { status: 'fulfilled', value: tools })
      } else resourceTools = import('../app/resources.ts').then(build)
      return resourceTools
    },
    tools: () => {
      toolTools ??= import('../app/tools.ts').then((module) => {
        const kit = module.toolTools(api, queryClient, {
          configurationChanged: (project) => {
            if (actors.project.getSnapshot().context.project === project)
              actors.projectSync.send({ type: 'sync.start', explicit: true })
          },
          inspect,
        })
        actors.session.on('session.signedOut', kit.forgetRestores)
        return kit
      })
      return toolTools
    },
    overview: () => {
      overviewTools ??= import('../app/overview.ts').then((module) => module.overviewTools(api))
      return overviewTools
    },
    admin: () => {
      adminTools ??= import('../app/admin.ts').then((module) =>
        module.adminTools(api, {
          tenancyDeleted: ({ kind, name, projects }) => {
            options.notify(`The ${kind} "${name}" was deleted.`, { kind: 'success' })
            // Lists, pickers and details of what went read again when shown; the rest is refetched lazily.
            void queryClient.invalidateQueries()
            // The selected project went with it: clearing leads to /home without a project (spec section 4).
            const selected = actors.project.getSnapshot().context.project
            if (selected !== null && projects.includes(selected)) actors.project.send({ type: 'project.clear' })
          },
          tenancyMayBeDeleted: () => void queryClient.invalidateQueries(),
        }),
      )
      return adminTools
    },
    shellActors: shell.load,
    debug: () => import('../app/debug.ts').then((module) => module.debugTools()),
    quickSetup: () => {
      quickSetup ??= Promise.all([import('../app/quick-setup.ts'), import('./quick-setup-links.ts')]).then(
        ([module, links]) => {
          const wizard = module.createQuickSetup(api, inspect)
          links.connectQuickSetup(router, wizard, actors, queryClient, queries, options.notify)
          wizard.start()
          return wizard
        },
      )
      return quickSetup
    },
  })
  connectNavigation(router, actors, options.notify)
  connectConfiguration(actors)
  // The failed import still fails (not prevented): the page says so if the guard skips the reload, instead
  // of the router meeting an import that resolved to nothing ("reading 'loader'").
  window.addEventListener('vite:preloadError', () => actors.chunkReload.send({ type: 'chunk.loadFailed' }))
  for (const actor of [actors.session, actors.project, actors.chunkReload]) actor.start()
  if (window.location.pathname === SSO_CALLBACK_PATH) {
    actors.session.send({ type: 'session.ssoCallback', url: window.location.href })
  }
  return { router, queryClient }
}
