import { fromPromise } from 'xstate'
import { type FetchSyncStateInput, syncStatusMachine } from '../../machines/sync-status.ts'
import { getAdminSync, getProjectSync } from '../api/configuration.ts'
import { type ApiClients, errorMessage } from '../api/http.ts'
import type { SyncState } from '../domain/sync.ts'

/** Failures carry the server's own message, which the wizard shows as it is (spec section 8). */
export async function withServerMessage<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    throw new Error(errorMessage(error))
  }
}

/** The sync check of either view with the platform API. */
export function provideSyncStatus(api: ApiClients) {
  return syncStatusMachine.provide({
    actors: {
      fetchSyncState: fromPromise<SyncState, FetchSyncStateInput>(({ input }) =>
        withServerMessage(
          input.kind === 'admin' || !input.project ? getAdminSync(api) : getProjectSync(api, input.project),
        ),
      ),
    },
  })
}
