import { fromPromise } from 'xstate'
import { quickSetupMachine } from '../../machines/quick-setup.ts'
import type {
  CreateDirectorInput,
  CreatedWebsite,
  CreateWebsiteInput,
  NamedResourceInput,
  ProjectInput,
} from '../../machines/quick-setup.types.ts'
import { type FetchSyncStateInput, syncStatusMachine } from '../../machines/sync-status.ts'
import {
  createDirector,
  createWebsite,
  deleteDirector,
  getAdminSync,
  getProjectSync,
  listDomains,
  websiteExists,
} from '../api/configuration.ts'
import { type ApiClients, errorMessage } from '../api/http.ts'
import type { SyncState } from '../domain/sync.ts'

/** Failures carry the server's own message, which the wizard shows as it is (spec section 8). */
async function withServerMessage<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    throw new Error(errorMessage(error))
  }
}

/** The quick-setup wizard with the platform API: the spec's quick website sequence, call by call. */
export function provideQuickSetup(api: ApiClients) {
  return quickSetupMachine.provide({
    actors: {
      listDomains: fromPromise<string[], ProjectInput>(({ input }) => listDomains(api, input.project)),
      createDirector: fromPromise<{ name: string }, CreateDirectorInput>(({ input }) =>
        withServerMessage(createDirector(api, input.project, input.director)),
      ),
      websiteExists: fromPromise<boolean, NamedResourceInput>(({ input }) =>
        websiteExists(api, input.project, input.name),
      ),
      createWebsite: fromPromise<CreatedWebsite, CreateWebsiteInput>(({ input }) =>
        withServerMessage(createWebsite(api, input.project, input.website)),
      ),
      deleteDirector: fromPromise<void, NamedResourceInput>(({ input }) =>
        withServerMessage(deleteDirector(api, input.project, input.name)),
      ),
    },
  })
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
