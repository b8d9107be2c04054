import type { QueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { type ImportMode, type ImportReport, ipImportMachine } from '../../machines/ip-import.ts'
import { type NodeMaintenanceInput, nodeMaintenanceMachine } from '../../machines/node-maintenance.ts'
import type { DeletedNotice, DeletionItem, DeletionResult } from '../../machines/resource-deletion.ts'
import { resourceDeletionMachine } from '../../machines/resource-deletion.ts'
import {
  resourceFormMachine,
  type SavedNotice,
  type SavedResource,
  type SaveFailure,
  type SaveInput,
} from '../../machines/resource-form.ts'
import { secretRotationMachine } from '../../machines/secret-rotation.ts'
import type { ApiClients } from '../api/http.ts'
import {
  createResource,
  deleteResource,
  importAddresses,
  patchResource,
  renewCertificate,
  revokeResource,
  rotateSecret,
  type StoredRecord,
  setNodesMaintenance,
  updateResource,
  writeFailureOf,
} from '../api/resources.ts'
import { bodyOf, capitalize, type ResourceUi, secretOf, titleInSentence, withoutSecret } from '../domain/resource-ui.ts'
import { wasRefused } from '../domain/write-deadline.ts'
import { type ResourceQueries, resourceQueries } from '../queries/resources.ts'
import type { NodeMaintenanceResult } from '../types/nodes/fields.ts'
import { loadedModules } from './loaded-modules.ts'

/** A rotation whose answer never came (no answer, a time-out, a 5xx) may have happened: the old secret is then dead. */
export const MAYBE_ROTATED =
  'The platform may have replaced it all the same, so the old secret may no longer work: rotate again to get one you can use.'

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
    // A secret the create revealed goes to the form only: the cache (and so any later page) never holds it.
    if (record) queryClient.setQueryData(queries.detail(ui, project, record.name).queryKey, withoutSecret(ui, record))
    // What the console read of the sync checks (the fleet's size) follows a node's status at once.
    if (ui.affectsSync) void queryClient.invalidateQueries({ queryKey: queries.syncDerived })
    for (const type of ui.alsoChanges ?? []) void queryClient.invalidateQueries({ queryKey: [...queries.all, type] })
    return queryClient.invalidateQueries({
      queryKey: queries.ofType(ui, project),
      predicate: (query) => query.queryKey[3] !== 'detail',
    })
  }
  return {
    /** `next`: the page a save leads to, given the saved record's name. */
    form: (ui: ResourceUi, project: string, next: (name: string) => string) =>
      resourceFormMachine.provide({
        actions: {
          // Saved: say so and open the detail page; a new one replaces its add page in the history.
          announceSaved: (_, { mode, resource }: SavedNotice) => {
            announcer.notify(`${capitalize(ui.one)} "${resource.name}" ${mode === 'create' ? 'created' : 'saved'}.`)
            announcer.go(next(resource.name), project, { replace: mode === 'create' })
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
              return { ...withoutSecret(ui, record), secret: secretOf(ui, record) }
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
    /** `then`, a page's path, is where to go once something was deleted (from the detail page of what is gone). */
    deletion: (ui: ResourceUi, project: string, then?: string) =>
      resourceDeletionMachine.provide({
        actions: {
          announceDeleted: (_, { deleted }: DeletedNotice) => {
            if (deleted.length === 0) return
            announcer.notify(
              deleted.length === 1
                ? `The ${ui.one} "${deleted[0]}" was deleted.`
                : `${deleted.length} ${titleInSentence(ui)} were deleted.`,
            )
            if (then) announcer.go(then, project)
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
              // A stale revision: someone changed it after this page showed it. The page reads it again,
              // so the next try goes with the version it shows.
              if (!failure.current) return { name, deleted: false, message: failure.message }
              void queryClient.invalidateQueries({ queryKey: queries.detail(ui, project, name).queryKey })
              return { name, deleted: false, message: changedMeanwhile(failure.current.revision, 'deleting') }
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

/**
 * Pasting addresses into one IP list: the import action, then the list's detail learns the new
 * entries and every list of IP lists is read again (entry counts changed).
 */
export function ipImportTools(api: ApiClients, queryClient: QueryClient, queries: ResourceQueries) {
  return (ui: ResourceUi, project: string, name: string) =>
    ipImportMachine.provide({
      actors: {
        importAddresses: fromPromise<ImportReport, { text: string; mode: ImportMode; revision: number }>(
          async ({ input }) => {
            try {
              const result = await importAddresses(api, project, name, input, input.revision)
              queryClient.setQueryData(queries.detail(ui, project, name).queryKey, result.list)
              return {
                added: result.added,
                duplicates: result.duplicates,
                invalid: result.invalid,
                revision: result.list.revision,
                entryCount: Number(result.list.entry_count ?? 0),
              }
            } catch (error) {
              const failure = writeFailureOf(error, 'The addresses could not be imported.')
              if (failure.current) {
                // Someone changed the list: show theirs, and the next import goes against it.
                queryClient.setQueryData(queries.detail(ui, project, name).queryKey, failure.current)
                throw {
                  stale: true,
                  message: `${failure.current.updated_by} changed this list meanwhile; it now shows their version. Import again to use it.`,
                }
              }
              throw { stale: false, message: failure.message }
            }
          },
        ),
      },
      actions: {
        // The detail already holds the new list (set by the import); the lists' entry counts changed.
        announceImported: () => {
          void queryClient.invalidateQueries({
            queryKey: queries.ofType(ui, project),
            predicate: (query) => query.queryKey[3] !== 'detail',
          })
        },
      },
    })
}

/** What every resource page uses: the queries and machines of any type, over one API and query cache. */
export function resourceTools(api: ApiClients, queryClient: QueryClient, announcer: ResourceAnnouncer) {
  const queries = resourceQueries(api)
  /** One-step actions of a detail page: the answer replaces the record shown, the lists are read again. */
  const settle = (ui: ResourceUi, project: string, record: StoredRecord) => {
    queryClient.setQueryData(queries.detail(ui, project, record.name).queryKey, record)
    void queryClient.invalidateQueries({
      queryKey: queries.ofType(ui, project),
      predicate: (query) => query.queryKey[3] !== 'detail',
    })
    return record
  }
  // The server's words, and what it said of each field (a name already taken) for the form to show there.
  const failed = (error: unknown, fallback: string): never => {
    const failure = writeFailureOf(error, fallback)
    throw Object.assign(new Error(failure.message), { fieldErrors: failure.fieldErrors })
  }
  /**
   * An action on the record a detail page shows (revoke, renew) that met a newer revision: the page reads
   * the record again and the message says so, so the next try goes with the version it then shows
   * (not the same stale one, refused again until a reload).
   */
  const failedOn =
    (ui: ResourceUi, project: string, record: StoredRecord, fallback: string, doing: string) =>
    (error: unknown): never => {
      const failure = writeFailureOf(error, fallback)
      if (!failure.current) throw new Error(failure.message)
      void queryClient.invalidateQueries({ queryKey: queries.detail(ui, project, record.name).queryKey })
      throw new Error(changedMeanwhile(failure.current.revision, doing))
    }
  return {
    queries,
    machines: {
      ...resourceMachines(api, queryClient, queries, announcer),
      ipImport: ipImportTools(api, queryClient, queries),
      /** Maintenance on or off for selected nodes: every node query and the sync checks' answers follow. */
      nodeMaintenance: (ui: ResourceUi) =>
        nodeMaintenanceMachine.provide({
          actors: {
            setMaintenance: fromPromise<NodeMaintenanceResult[], NodeMaintenanceInput>(({ input }) =>
              setNodesMaintenance(api, input.nodes, input.maintenance).catch((error: unknown) =>
                failed(error, 'The nodes could not be changed.'),
              ),
            ),
          },
          actions: {
            announceChanged: () => {
              void queryClient.invalidateQueries({ queryKey: queries.ofType(ui, '') })
              void queryClient.invalidateQueries({ queryKey: queries.syncDerived })
              for (const type of ui.alsoChanges ?? [])
                void queryClient.invalidateQueries({ queryKey: [...queries.all, type] })
            },
          },
        }),
      /** A website's live traffic (its own chunk): the machine with its real stream. */
      liveTraffic: (project: string, website: string) =>
        import('./live-traffic.ts').then((module) => module.liveTrafficMachineFor(api, project, website)),
      /**
       * A new secret for one resource (an edge agent node), shown once by the machine: nothing cached
       * changes, since the record never shows its secret.
       */
      secretRotation: (ui: ResourceUi, project: string) =>
        secretRotationMachine.provide({
          actors: {
            rotateSecret: fromPromise<string, { name: string }>(({ input }) =>
              rotateSecret(api, ui, project, input.name).catch((error: unknown) => {
                const { message } = writeFailureOf(error, `The ${ui.one}'s secret could not be replaced.`)
                // No answer, a time-out or a 5xx (anything but a refusal, or the platform's word that it did
                // not make it: not in time, or rolled back for other changes): the platform may have rotated it, the old one then dead and the new
                // one lost, which only another rotation mends.
                const refused = wasRefused(error)
                throw new Error(refused ? message : `${message} ${MAYBE_ROTATED}`)
              }),
            ),
          },
        }),
    },
    actions: {
      renewCertificate: (ui: ResourceUi, project: string, record: StoredRecord) =>
        renewCertificate(api, project, record.name, record.revision).then(
          (renewed) => settle(ui, project, renewed),
          failedOn(ui, project, record, 'The certificate could not be renewed.', 'renewing it'),
        ),
      revoke: (ui: ResourceUi, project: string, record: StoredRecord) =>
        revokeResource(api, ui, project, record.name, record.revision).then(
          (revoked) => settle(ui, project, revoked),
          failedOn(ui, project, record, `The ${ui.one} could not be revoked.`, 'revoking it'),
        ),
      patch: (ui: ResourceUi, project: string, record: StoredRecord, fields: Record<string, unknown>) =>
        patchResource(api, ui, project, record.name, fields, record.revision).then(
          (changed) => settle(ui, project, changed),
          (error: unknown) => {
            const failure = writeFailureOf(error, `The ${ui.one} could not be changed.`)
            // A stale revision: the page shows the version that won, the message says why this one did not.
            if (failure.current) settle(ui, project, failure.current)
            // What the server said of each field (a role the caller may not grant) goes on to the dialog.
            throw Object.assign(new Error(failure.message), { fieldErrors: failure.fieldErrors })
          },
        ),
      /** A resource made outside its form (a user invited from the list): the lists are read again. */
      create: (ui: ResourceUi, project: string, body: Record<string, unknown>) =>
        createResource(api, ui, project, body).then(
          (created) => settle(ui, project, created),
          (error: unknown) => failed(error, `The ${ui.one} could not be created.`),
        ),
    },
  }
}
export type ResourceTools = ReturnType<typeof resourceTools>

/** What an action that met a newer revision says: the page shows that one now, to check before trying again. */
function changedMeanwhile(revision: number, doing: string): string {
  return `It changed since this page loaded (now revision ${revision}): the page shows it now; check it before ${doing}.`
}

loadedModules.resources = { resourceTools }
