import { type ActorRefFrom, createActor, fromPromise, type InspectionEvent } from 'xstate'
import { quickSetupMachine } from '../../machines/quick-setup.ts'
import type {
  CreateDirectorInput,
  CreatedDirector,
  CreatedWebsite,
  CreateWebsiteInput,
  NamedResourceInput,
  ProjectInput,
} from '../../machines/quick-setup.types.ts'
import { quickSetupSubmissionMachine } from '../../machines/quick-setup-submission.ts'
import type { ApiClients } from '../api/http.ts'
import { errorMessage } from '../api/http.ts'
import {
  createDirector,
  createWebsite,
  deleteDirector,
  listDomains,
  readDirector,
  readWebsite,
  websiteExists,
} from '../api/quick-website.ts'
import { wasRefused } from '../domain/write-deadline.ts'
import { withServerMessage } from './configuration.ts'

export type QuickSetupActor = ActorRefFrom<typeof quickSetupMachine>

/**
 * The call's failure with the server's message, marked `refused` when the platform answered no (a 4xx
 * other than 408 and 429): the machine asks whether a creation took effect after any other failure.
 */
async function markingRefusal<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    throw Object.assign(new Error(errorMessage(error)), { refused: wasRefused(error) })
  }
}

/** The wizard's submission with the platform API: the spec's quick website sequence, call by call. */
export function provideQuickSetupSubmission(api: ApiClients) {
  return quickSetupSubmissionMachine.provide({
    actors: {
      listDomains: fromPromise<string[], ProjectInput>(({ input }) => listDomains(api, input.project)),
      createDirector: fromPromise<CreatedDirector, CreateDirectorInput>(({ input }) =>
        markingRefusal(createDirector(api, input.project, input.director)),
      ),
      readDirector: fromPromise<CreatedDirector | null, NamedResourceInput>(({ input }) =>
        withServerMessage(readDirector(api, input.project, input.name)),
      ),
      websiteExists: fromPromise<boolean, NamedResourceInput>(({ input }) =>
        websiteExists(api, input.project, input.name),
      ),
      createWebsite: fromPromise<CreatedWebsite, CreateWebsiteInput>(({ input }) =>
        markingRefusal(createWebsite(api, input.project, input.website)),
      ),
      readWebsite: fromPromise<CreatedWebsite | null, NamedResourceInput>(({ input }) =>
        withServerMessage(readWebsite(api, input.project, input.name)),
      ),
      deleteDirector: fromPromise<void, NamedResourceInput>(({ input }) =>
        withServerMessage(deleteDirector(api, input.project, input.name)),
      ),
    },
  })
}

/** The quick-setup wizard, its submission calling the platform API. */
export function provideQuickSetup(api: ApiClients) {
  return quickSetupMachine.provide({ actors: { submitQuickWebsite: provideQuickSetupSubmission(api) } })
}

/**
 * The wizard's actor, created (not yet started) when the Quick setup button is first used: its machine is
 * the console's largest, and no page needs it to paint. It learns its project when it opens
 * (`wizard.open`), so one actor serves every project.
 */
export function createQuickSetup(api: ApiClients, inspect?: (event: InspectionEvent) => void): QuickSetupActor {
  return createActor(provideQuickSetup(api), { ...(inspect ? { inspect } : {}), input: { project: '' } })
}
