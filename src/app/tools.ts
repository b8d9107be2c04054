import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query'
import { type ActorRefFrom, createActor, fromPromise, type InspectionEvent } from 'xstate'
import { backupRestoreMachine, type RestoreFailure } from '../../machines/backup-restore.ts'
import { invalidationMachine } from '../../machines/invalidation.ts'
import { applyRestore, createBackup, downloadBackup, freshPlanOf, importBackup, planRestore } from '../api/backups.ts'
import { type ApiClients, errorMessage } from '../api/http.ts'
import { createPurge, getPurge, listPurges } from '../api/purge.ts'
import { listDomains } from '../api/quick-website.ts'
import { writeFailureOf } from '../api/resources.ts'
import { listWebsiteNames, queryStats } from '../api/stats.ts'
import type { RestorePlan } from '../domain/backup.ts'
import { type PurgeRecord, type PurgeRequest, recentPurgesPoll } from '../domain/purge.ts'
import type { StatsQuery } from '../domain/stats.ts'
import { wasRefused } from '../domain/write-deadline.ts'
import { backupListKey } from '../queries/backups.ts'
import { retryWhileUnavailable } from '../queries/errors.ts'

/** How many recent invalidations the page lists. */
export const RECENT_PURGES = 20
const pollRecent = recentPurgesPoll(1000)

/**
 * The Tool section's queries and machines (issue 12), loaded with the first of its pages: the
 * invalidation and restore machines with their real calls, the backups' writes, and what the pages read
 * (the backups' list is the console's own: src/queries/backups.ts).
 */
export function toolTools(
  api: ApiClients,
  queryClient: QueryClient,
  hooks: {
    /** A project's configuration changed outside its own forms (a restore): the sync check starts. */
    configurationChanged: (project: string) => void
    /** The Stately inspector, when the URL asks for it (src/app/inspector.ts). */
    inspect?: ((event: InspectionEvent) => void) | undefined
  },
) {
  const all = ['tools'] as const
  const queries = {
    /** The domains an invalidation may name: the project's websites' names and aliases. */
    domains: (project: string) =>
      queryOptions({
        queryKey: [...all, project, 'domains'],
        queryFn: () => listDomains(api, project),
        staleTime: 30_000,
      }),
    /** Read again every second while one of them is still under way (a node that was away, say). */
    recentPurges: (project: string) =>
      queryOptions({
        queryKey: [...all, project, 'purges'],
        queryFn: () => listPurges(api, project, RECENT_PURGES),
        refetchInterval: (query) => pollRecent(query.state.data?.data),
      }),
    /** The websites a statistics view may filter on, narrowed by what its filter holds. */
    websiteNames: (project: string, q = '') =>
      queryOptions({
        queryKey: [...all, project, 'website-names', q],
        queryFn: () => listWebsiteNames(api, project, q),
        staleTime: 30_000,
        // The options stay while the next narrowing loads.
        placeholderData: keepPreviousData,
      }),
    /**
     * A statistics query. Its numbers never change once reported (API.md), so an answer stays fresh; a
     * failure is not retried behind the user's back: a slow query would only be asked again.
     */
    stats: (query: StatsQuery) =>
      queryOptions({
        queryKey: [...all, query.project, 'stats', query],
        queryFn: ({ signal }) => queryStats(api, query, signal),
        staleTime: Number.POSITIVE_INFINITY,
        retry: retryWhileUnavailable(0),
      }),
  }
  // One restore per project, until the session ends (forgetRestores).
  const restores = new Map<string, ActorRefFrom<typeof backupRestoreMachine>>()
  const refreshBackups = (project: string) => queryClient.invalidateQueries({ queryKey: backupListKey(project) })
  return {
    queries,
    backups: {
      create: async (project: string, displayName: string | null) => {
        const created = await createBackup(api, project, { trigger: 'manual', display_name: displayName })
        await refreshBackups(project)
        return created
      },
      /** The document's text and the file name to save it under. */
      download: async (project: string, name: string) => ({
        fileName: `${project}-${name}.json`,
        text: await downloadBackup(api, project, name),
      }),
      /**
       * The document in the file the user chose, stored as a new backup. A failure names the file as they
       * chose it: refused (no JSON in it, or the platform's refusal, its 503 included: nothing stored), it
       * could not be uploaded, and why; without the platform's word (no answer, a time-out, a 5xx), it may
       * have been stored all the same, and the list, read again, shows it if it was.
       */
      upload: async (project: string, file: { name: string; text: () => Promise<string> }) => {
        const named = `“${file.name}”`
        let document: unknown
        try {
          document = JSON.parse(await file.text())
        } catch {
          throw new Error(`${named} could not be uploaded: it does not hold JSON, so it is not a backup document.`)
        }
        try {
          const uploaded = await importBackup(api, project, document)
          await refreshBackups(project)
          return uploaded
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode
          // The platform's 413 says it in bytes ('request body larger than 33554432 bytes').
          const reason =
            status === 413 ? `it is larger than the platform takes (${errorMessage(error)})` : errorMessage(error)
          const end = /[.!?]$/.test(reason) ? '' : '.'
          if (wasRefused(error) || status === 503) throw new Error(`${named} could not be uploaded: ${reason}${end}`)
          void refreshBackups(project)
          throw new Error(
            `${reason.charAt(0).toUpperCase()}${reason.slice(1)}${end} ${named} may have been uploaded all the same: the list below shows it if it was.`,
          )
        }
      },
    },
    /**
     * The project's restore, its actor started on the first ask and kept with the kit: a restore under way
     * when the user leaves the page is still shown, with its outcome, when they come back.
     */
    restore: (project: string) => {
      const running = restores.get(project)
      if (running) return running
      const machine = backupRestoreMachine.provide({
        actors: {
          planRestore: fromPromise<RestorePlan, { backup: string }>(({ input }) =>
            planRestore(api, project, input.backup),
          ),
          applyRestore: fromPromise<RestorePlan, { backup: string; planRevision: number }>(async ({ input }) => {
            try {
              return await applyRestore(api, project, input.backup, input.planRevision)
            } catch (error) {
              const failure: RestoreFailure = new Error(errorMessage(error))
              const freshPlan = freshPlanOf(error)
              if (freshPlan) failure.freshPlan = freshPlan
              // No answer, a time-out, an answer it could not read or a 5xx but the platform's 503 (which
              // applies nothing): whether it was applied is unknown.
              failure.unsure = !wasRefused(error) && (error as { statusCode?: number }).statusCode !== 503
              throw failure
            }
          }),
        },
        actions: {
          announceRestored: () => {
            // Every cached list or record of the project may have changed.
            void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(project) })
            hooks.configurationChanged(project)
          },
        },
      })
      const actor = createActor(machine, hooks.inspect ? { inspect: hooks.inspect } : {}).start()
      restores.set(project, actor)
      return actor
    },
    /** The session ended: nothing one user's restore showed may show in the next one's. */
    forgetRestores: () => {
      for (const actor of restores.values()) actor.stop()
      restores.clear()
    },
    /** The API docs page's "Try it", with the session's token like every call. */
    invalidation: (project: string) =>
      invalidationMachine.provide({
        actors: {
          sendPurge: fromPromise<PurgeRecord, { request: PurgeRequest }>(async ({ input }) => {
            try {
              return await createPurge(api, project, input.request)
            } catch (error) {
              const failure = writeFailureOf(error, 'The invalidation was refused.')
              throw Object.assign(new Error(failure.message), { errors: failure.fieldErrors })
            }
          }),
          readPurge: fromPromise<PurgeRecord, { name: string }>(({ input }) => getPurge(api, project, input.name)),
        },
        actions: {
          announceChange: () =>
            void queryClient.invalidateQueries({ queryKey: queries.recentPurges(project).queryKey }),
        },
      }),
  }
}
export type ToolTools = ReturnType<typeof toolTools>
