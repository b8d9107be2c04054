import type { QueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import type { DeletedNotice, DeletionItem, DeletionResult } from '../../machines/resource-deletion.ts'
import { resourceDeletionMachine } from '../../machines/resource-deletion.ts'
import {
  resourceFormMachine,
  type SavedNotice,
  type SavedResource,
  type SaveFailure,
  type SaveInput,
} from '../../machines/resource-form.ts'
import type { ApiClients } from '../api/http.ts'
import { createResource, deleteResource, type StoredRecord, updateResource, writeFailureOf } from '../api/resources.ts'
import { bodyOf, capitalize, type ResourceUi, resourceRoutes, titleInSentence } from '../domain/resource-ui.ts'
import { type ResourceQueries, resourceQueries } from '../queries/resources.ts'

/** How the resource machines' announcements reach the user: a notification, and a page to go to in a project. */
export type ResourceAnnouncer = {
  notify: (message: string) => void
  go: (path: string, project: string, options?: { replace?: boolean }) => void
}

/**
 * The resource form and deletion machines with their real side effects for one type in one project:
 * writes through the platform API, then the query cache learns the new state (the saved record
 * directly, every list of the type by invalidation).
 */
export function resourceMachines(
  api: ApiClients,
  queryClient: QueryClient,
  queries: ResourceQueries,
  announcer: ResourceAnnouncer,
) {
  const afterWrite = (ui: ResourceUi, project: string, record?: StoredRecord) => {
    if (record) queryClient.setQueryData(queries.detail(ui, project, record.name).queryKey, record)
    return queryClient.invalidateQueries({
      queryKey: queries.ofType(ui, project),
      predicate: (query) => query.queryKey[3] !== 'detail',
    })
  }
  return {
    form: (ui: ResourceUi, project: string) =>
      resourceFormMachine.provide({
        actions: {
          // Saved: say so and open the detail page; a new one replaces its add page in the history.
          announceSaved: (_, { mode, resource }: SavedNotice) => {
            announcer.notify(`${capitalize(ui.one)} "${resource.name}" ${mode === 'create' ? 'created' : 'saved'}.`)
            announcer.go(resourceRoutes(ui).detail(resource.name), project, { replace: mode === 'create' })
          },
        },
        actors: {
          save: fromPromise<SavedResource, SaveInput>(async ({ input }) => {
            const body = bodyOf(ui, input.values)
            try {
              const record =
                input.mode === 'create' || input.name === null || input.revision === null
                  ? await createResource(api, ui, project, body)
                  : await updateResource(api, ui, project, input.name, body, input.revision)
              void afterWrite(ui, project, record)
              return record
            } catch (error) {
              const failure = writeFailureOf(error, `The ${ui.one} could not be saved.`)
              throw {
                message: failure.message,
                fieldErrors: failure.fieldErrors,
                current: failure.current,
              } satisfies SaveFailure
            }
          }),
        },
      }),
    /** `then: 'list'` leaves for the list once something was deleted (the detail page of what is gone). */
    deletion: (ui: ResourceUi, project: string, then: 'stay' | 'list' = 'stay') =>
      resourceDeletionMachine.provide({
        actions: {
          announceDeleted: (_, { deleted }: DeletedNotice) => {
            if (deleted.length === 0) return
            announcer.notify(
              deleted.length === 1
                ? `The ${ui.one} "${deleted[0]}" was deleted.`
                : `${deleted.length} ${titleInSentence(ui)} were deleted.`,
            )
            if (then === 'list') announcer.go(resourceRoutes(ui).list, project)
          },
        },
        actors: {
          deleteResources: fromPromise<DeletionResult[], { items: DeletionItem[] }>(async ({ input }) => {
            const settled = await Promise.allSettled(
              input.items.map((item) => deleteResource(api, ui, project, item.name, item.revision)),
            )
            const results = settled.map((outcome, index) => {
              const name = input.items[index]?.name ?? ''
              if (outcome.status === 'fulfilled') return { name, deleted: true, message: null }
              const failure = writeFailureOf(outcome.reason, `The ${ui.one} could not be deleted.`)
              // A stale revision: someone changed it after this page showed it.
              const message = failure.current
                ? `It changed since this page loaded (now revision ${failure.current.revision}): reload and check it before deleting.`
                : failure.message
              return { name, deleted: false, message }
            })
            for (const result of results) {
              if (result.deleted)
                queryClient.removeQueries({ queryKey: queries.detail(ui, project, result.name).queryKey })
            }
            void afterWrite(ui, project)
            return results
          }),
        },
      }),
  }
}
export type ResourceMachines = ReturnType<typeof resourceMachines>

/** What every resource page uses: the queries and machines of any type, over one API and query cache. */
export function resourceTools(api: ApiClients, queryClient: QueryClient, announcer: ResourceAnnouncer) {
  const queries = resourceQueries(api)
  return { queries, machines: resourceMachines(api, queryClient, queries, announcer) }
}
export type ResourceTools = ReturnType<typeof resourceTools>
