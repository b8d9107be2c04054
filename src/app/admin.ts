import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import {
  type DeleteTenancyInput,
  type PreviewedTarget,
  type TenancyDeletedNotice,
  tenancyDeletionMachine,
} from '../../machines/tenancy-deletion.ts'
import { listBackendHealth } from '../api/backend-health.ts'
import { importBlocklist } from '../api/blocklist.ts'
import type { ApiClients } from '../api/http.ts'
import { listMatchingUsers } from '../api/identity.ts'
import {
  createResource,
  getResource,
  listResources,
  type StoredRecord,
  updateResource,
  writeFailureOf,
} from '../api/resources.ts'
import { deleteTenancy, readDeletionPreview } from '../api/tenancy.ts'
import { type AuditEntry, versionBody } from '../domain/audit.ts'
import { type BackendHealthFilters, refreshIntervalMs } from '../domain/backend-health.ts'
import type { TenancyKind } from '../domain/tenancy-deletion.ts'
import { wasRefused } from '../domain/write-deadline.ts'
import type { BlocklistImportInput } from '../types/blocklist/import.ts'
import { referenceTargetOf } from '../types/resource-routes.ts'
import { inventoryQueries } from './inventory.ts'

/** What the Admin pages' machines tell the rest of the console (the selection, the caches, the user). */
export type AdminAnnouncer = {
  tenancyDeleted: (notice: TenancyDeletedNotice) => void
  /** A deletion whose outcome is unknown (no answer, a time-out): what is shown is read again. */
  tenancyMayBeDeleted: () => void
}

/** Added to a deletion's failure when the platform may have made it, or may still be making it. */
export const MAYBE_DELETED =
  'The platform may still be deleting it, so it may be gone in a moment: the lists are read again.'

/** The Admin section's queries and machines (issue 13), loaded with the first of its pages. */
export function adminTools(api: ApiClients, announcer: AdminAnnouncer) {
  const all = ['admin'] as const
  const targetOf = (entry: AuditEntry) => referenceTargetOf(entry.resource?.type ?? '')
  return {
    /**
     * "Restore this version" of an audit entry: the resource as it is now (null when it is gone), and the
     * write that puts the entry's `before` back through the normal create or update (If-Match, the type's
     * validation and references, a new audit entry).
     */
    versions: {
      current: async (entry: AuditEntry): Promise<StoredRecord | null> => {
        try {
          return await getResource(api, targetOf(entry), entry.project ?? '', entry.resource?.name ?? '')
        } catch (error) {
          if (writeFailureOf(error, '').status === 404) return null
          throw error
        }
      },
      restore: async (entry: AuditEntry, current: StoredRecord | null) => {
        const body = versionBody(entry.changes?.before) ?? {}
        const target = targetOf(entry)
        const project = entry.project ?? ''
        try {
          return current
            ? await updateResource(api, target, project, current.name, body, current.revision)
            : await createResource(api, target, project, body)
        } catch (error) {
          throw new Error(writeFailureOf(error, 'The version could not be restored.').message)
        }
      },
    },
    machines: {
      /** The management pages' deletion of a customer or a project, against the platform API. */
      tenancyDeletion: () =>
        tenancyDeletionMachine.provide({
          actions: { announceDeleted: (_, notice: TenancyDeletedNotice) => announcer.tenancyDeleted(notice) },
          actors: {
            loadPreview: fromPromise<PreviewedTarget, { kind: TenancyKind; name: string }>(async ({ input }) => {
              try {
                return await readDeletionPreview(api, input.kind, input.name)
              } catch (error) {
                throw new Error(writeFailureOf(error, `The ${input.kind} could not be read.`).message)
              }
            }),
            deleteTenancy: fromPromise<void, DeleteTenancyInput>(async ({ input }) => {
              try {
                await deleteTenancy(api, input)
              } catch (error) {
                const { message } = writeFailureOf(error, `The ${input.kind} could not be deleted.`)
                // No answer, a time-out or a 5xx (anything but a refusal, or the platform's word that it did
                // not make it): the deletion may have committed, or may still be running (it has no write
                // deadline on the platform), so what is shown is read again.
                const refused = wasRefused(error)
                if (refused) throw new Error(message)
                announcer.tenancyMayBeDeleted()
                throw new Error(`${message} ${MAYBE_DELETED}`)
              }
            }),
          },
        }),
    },
    /** The Blocklist's bulk paste; the server's words when it refuses. */
    importBlocklist: async (request: BlocklistImportInput) => {
      try {
        return await importBlocklist(api, request)
      } catch (error) {
        throw new Error(writeFailureOf(error, 'The values could not be imported.').message)
      }
    },
    /** /resources: the project's inventory, the name filter across types, a resource's references. */
    inventory: inventoryQueries(api),
    queries: {
      /**
       * Backend health, read again at the probes' pace while a page shows it; the rows shown stay while
       * the next answer or another filter's loads.
       */
      backendHealth: (filters: BackendHealthFilters) =>
        queryOptions({
          queryKey: [...all, 'backend-health', filters],
          queryFn: ({ signal }) => listBackendHealth(api, filters, signal),
          refetchInterval: (query) => refreshIntervalMs(query.state.data),
          placeholderData: keepPreviousData,
        }),
      /** The names of a platform type or of a project's directors, for a filter's choices. */
      names: (type: 'projects' | 'directors', project: string) =>
        queryOptions({
          queryKey: [...all, 'names', type, project],
          queryFn: async () =>
            (
              await listResources(api, referenceTargetOf(type), project, {
                page: 1,
                items: 1000,
                q: '',
                sort: 'name',
              })
            ).data.map((record) => record.name),
          staleTime: 30_000,
        }),
      /** The API tokens a user owns (`GET /tokens?owner=`), by name: a user has few. */
      userTokens: (email: string) =>
        queryOptions({
          queryKey: [...all, 'users', email, 'tokens'],
          queryFn: async () =>
            (
              await listResources(
                api,
                { type: 'tokens', service: 'auth', scope: 'platform' },
                '',
                { page: 1, items: 100, q: '', sort: 'name' },
                { owner: email },
              )
            ).data,
        }),
      /** Who an SSO mapping applies to now; the group is in the key, so an edited mapping asks again. */
      matchingUsers: (mapping: string, group: string) =>
        queryOptions({
          queryKey: [...all, 'sso-groups-roles', mapping, 'matching-users', group],
          queryFn: () => listMatchingUsers(api, mapping),
        }),
    },
  }
}
export type AdminTools = ReturnType<typeof adminTools>
