import type { QueryClient } from '@tanstack/react-query'
import type { ActorRefFrom } from 'xstate'
import type { chunkReloadMachine } from '../../machines/chunk-reload.ts'
import type { globalSearchMachine } from '../../machines/global-search.ts'
import type { projectMachine } from '../../machines/project.ts'
import type { projectSelectorMachine } from '../../machines/project-selector.ts'
import type { sessionMachine } from '../../machines/session.ts'
import type { syncStatusMachine } from '../../machines/sync-status.ts'
import type { auditQueries } from '../queries/audit.ts'
import type { backupQueries } from '../queries/backups.ts'
import type { configurationQueries } from '../queries/configuration.ts'
import type { platformQueries } from '../queries/platform.ts'
import type { projectQueries } from '../queries/projects.ts'
import type { searchQueries } from '../queries/search.ts'
import type { AdminTools } from './admin.ts'
import type { DebugTools } from './debug.ts'
import type { EarlyHeading } from './early-requests.ts'
import type { LaterActor } from './later-actor.ts'
import type { OverviewTools } from './overview.ts'
import type { QuickSetupActor } from './quick-setup.ts'
import type { ResourceTools } from './resources.ts'
import type { ToolTools } from './tools.ts'

/** The console's long-lived actors, started once by src/root/console.ts. */
export type ConsoleActors = {
  session: ActorRefFrom<typeof sessionMachine>
  project: ActorRefFrom<typeof projectMachine>
  chunkReload: ActorRefFrom<typeof chunkReloadMachine>
  // The shell's, whose machines load after its first paint or with their first event (later-actor.ts).
  projectSelector: LaterActor<ActorRefFrom<typeof projectSelectorMachine>>
  globalSearch: LaterActor<ActorRefFrom<typeof globalSearchMachine>>
  projectSync: LaterActor<ActorRefFrom<typeof syncStatusMachine>>
  adminSync: LaterActor<ActorRefFrom<typeof syncStatusMachine>>
}

export type ConsoleQueries = {
  platform: ReturnType<typeof platformQueries>
  projects: ReturnType<typeof projectQueries>
  search: ReturnType<typeof searchQueries>
  configuration: ReturnType<typeof configurationQueries>
  audit: ReturnType<typeof auditQueries>
  backups: ReturnType<typeof backupQueries>
}

export type Notify = (
  message: string,
  options?: { title?: string; durationMs?: number; kind?: 'success' | 'warning' | 'error' },
) => void

/**
 * What every route reads from the router's context (routes/__root.tsx declares it to TanStack Router,
 * src/root/router.tsx provides it). Its own module, so that nothing in src/ imports a file of routes/.
 */
export type RouterContext = {
  /** The page's heading index.html showed while a stored session is checked (src/app/early-requests.ts), or null. */
  checkingHeading: EarlyHeading | null
  queryClient: QueryClient
  queries: ConsoleQueries
  actors: ConsoleActors
  /** The resource pages' queries and per-page machines (a form, a deletion), loaded with the first of them. */
  resources: () => Promise<ResourceTools>
  /** The Tool section's queries and machines (invalidation), loaded with the first of its pages. */
  tools: () => Promise<ToolTools>
  /** Home's panels: their queries, loaded after Home's first paint. */
  overview: () => Promise<OverviewTools>
  /** The Admin section's queries, loaded with the first of its pages. */
  admin: () => Promise<AdminTools>
  /** /debug's machine registry and path generation (xstate/graph), loaded only when the page asks. */
  debug: () => Promise<DebugTools>
  /** The shell's later actors' machines (ConsoleActors), asked for ahead of their first use once the shell is idle. */
  shellActors: () => Promise<unknown>
  /** The quick-setup wizard's actor, created and started with the first use of the Quick setup button. */
  quickSetup: () => Promise<QuickSetupActor>
}
