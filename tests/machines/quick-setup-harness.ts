import { expect } from 'vitest'
import { createActor, fromPromise, type SimulatedClock, waitFor } from 'xstate'
import { selectPage } from '../../machines/quick-setup.selectors.ts'
import { quickSetupMachine } from '../../machines/quick-setup.ts'
import type {
  CreateDirectorInput,
  CreatedDirector,
  CreatedWebsite,
  CreateWebsiteInput,
  NamedResourceInput,
  ProjectInput,
  QuickSetupDraftPatch,
  QuickSetupEmitted,
} from '../../machines/quick-setup.types.ts'
import { quickSetupSubmissionMachine } from '../../machines/quick-setup-submission.ts'

/** The quick-setup wizard with its real submission machine and recording fakes for the platform calls. */

export const PROJECT = 'alpha'
// random() = 0 picks 'a' five times: every generated suffix is 'aaaaa'.
export const SUFFIX = 'aaaaa'

export const newOrigin: QuickSetupDraftPatch = {
  domain_name: 'Shop.Example.com ',
  backend: { directorOption: 'new', host: 'origin.example.com', port: '80', weight: 5 },
}
export const existingDirector: QuickSetupDraftPatch = {
  domain_name: 'shop.example.com',
  backend: { directorOption: 'existing' },
  default_director: 'shared-origin',
}

export interface Fakes {
  domains?: string[]
  takenWebsites?: string[]
  createDirector?: (input: CreateDirectorInput) => Promise<CreatedDirector>
  /** What a GET of the director answers after a failed creation: null when it does not exist. */
  readDirector?: (input: NamedResourceInput) => Promise<CreatedDirector | null>
  createWebsite?: (input: CreateWebsiteInput) => Promise<CreatedWebsite>
  deleteDirector?: (input: NamedResourceInput) => Promise<void>
  listDomains?: () => Promise<string[]>
  /** What a GET of the website answers after a failed creation: null when it does not exist. */
  readWebsite?: (input: NamedResourceInput) => Promise<CreatedWebsite | null>
  /** The wizard's clock: its timers wait for the test to move it on (else the checks read again at once). */
  clock?: SimulatedClock
}

export const rejecting = (message: string) => async (): Promise<never> => {
  throw new Error(message)
}

/** What the app layer throws when the platform answered with a refusal (a 4xx): nothing was created. */
export const refusing = (message: string) => async (): Promise<never> => {
  throw Object.assign(new Error(message), { refused: true })
}

/** The real machines with recording fakes: every actor call lands in `calls`. */
export function startWizard(fakes: Fakes = {}) {
  const calls: { actor: string; input: unknown }[] = []
  const submission = quickSetupSubmissionMachine.provide({
    actors: {
      listDomains: fromPromise<string[], ProjectInput>(async ({ input }) => {
        calls.push({ actor: 'listDomains', input })
        return fakes.listDomains ? fakes.listDomains() : (fakes.domains ?? [])
      }),
      createDirector: fromPromise<CreatedDirector, CreateDirectorInput>(async ({ input }) => {
        calls.push({ actor: 'createDirector', input })
        return fakes.createDirector ? fakes.createDirector(input) : { name: input.director.name }
      }),
      readDirector: fromPromise<CreatedDirector | null, NamedResourceInput>(async ({ input }) => {
        calls.push({ actor: 'readDirector', input })
        return fakes.readDirector ? fakes.readDirector(input) : null
      }),
      websiteExists: fromPromise<boolean, NamedResourceInput>(async ({ input }) => {
        calls.push({ actor: 'websiteExists', input })
        return (fakes.takenWebsites ?? []).includes(input.name)
      }),
      createWebsite: fromPromise<CreatedWebsite, CreateWebsiteInput>(async ({ input }) => {
        calls.push({ actor: 'createWebsite', input })
        return fakes.createWebsite
          ? fakes.createWebsite(input)
          : { name: input.website.name, default_director: input.website.default_director }
      }),
      readWebsite: fromPromise<CreatedWebsite | null, NamedResourceInput>(async ({ input }) => {
        calls.push({ actor: 'readWebsite', input })
        return fakes.readWebsite ? fakes.readWebsite(input) : null
      }),
      deleteDirector: fromPromise<void, NamedResourceInput>(async ({ input }) => {
        calls.push({ actor: 'deleteDirector', input })
        if (fakes.deleteDirector) await fakes.deleteDirector(input)
      }),
    },
    ...(fakes.clock ? {} : { delays: { recheckDelay: 0 } }),
  })
  const machine = quickSetupMachine.provide({ actors: { submitQuickWebsite: submission } })
  const actor = createActor(machine, {
    input: { project: PROJECT, random: () => 0 },
    ...(fakes.clock ? { clock: fakes.clock } : {}),
  })
  const emitted: QuickSetupEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  const called = (name: string) => calls.filter((call) => call.actor === name).map((call) => call.input)
  return { actor, calls, called, emitted }
}

export type Wizard = ReturnType<typeof startWizard>

/** Open the wizard, fill the form with `patch` and press Next on the form page. */
export function nextFrom(wizard: Wizard, patch: QuickSetupDraftPatch) {
  wizard.actor.send({ type: 'wizard.open' })
  wizard.actor.send({ type: 'wizard.next' })
  wizard.actor.send({ type: 'wizard.edit', draft: patch })
  wizard.actor.send({ type: 'wizard.next' })
  return wizard.actor.getSnapshot()
}

/** Open the wizard, fill the form with `patch` and reach the confirmation page. */
export function toConfirmation(wizard: Wizard, patch: QuickSetupDraftPatch) {
  expect(selectPage(nextFrom(wizard, patch))).toBe('confirm')
}

export const settled = (wizard: Wizard) => waitFor(wizard.actor, (s) => !s.hasTag('busy'))

export async function submit(wizard: Wizard, patch: QuickSetupDraftPatch) {
  toConfirmation(wizard, patch)
  wizard.actor.send({ type: 'wizard.yes' })
  return settled(wizard)
}
