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
import type { ApiClients } from '../api/http.ts'
import type { SyncState } from '../domain/sync.ts'

/** The quick-setup wizard with the platform API: the spec's quick website sequence, call by call. */
export function provideQuickSetup(api: ApiClients) {
  return quickSetupMachine.provide({
    actors: {
      listDomains: fromPromise<string[], ProjectInput>(({ input }) => listDomains(api, input.project)),
      createDirector: fromPromise<{ name: string }, CreateDirectorInput>(({ input }) =>
        createDirector(api, input.project, input.director),
      ),
      websiteExists: fromPromise<boolean, NamedResourceInput>(({ input }) =>
        websiteExists(api, input.project, input.name),
      ),
      createWebsite: fromPromise<CreatedWebsite, CreateWebsiteInput>(({ input }) =>
        createWebsite(api, input.project, input.website),
      ),
      deleteDirector: fromPromise<void, NamedResourceInput>(({ input }) =>
        deleteDirector(api, input.project, input.name),
      ),
    },
  })
}

/** The sync check of either view with the platform API. */
export function provideSyncStatus(api: ApiClients) {
  return syncStatusMachine.provide({
    actors: {
      fetchSyncState: fromPromise<SyncState, FetchSyncStateInput>(({ input }) =>
        input.kind === 'admin' || !input.project ? getAdminSync(api) : getProjectSync(api, input.project),
      ),
    },
  })
}
