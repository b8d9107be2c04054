import { assign, setup } from 'xstate'
import {
  QUICK_WEBSITE_MESSAGES,
  type QuickWebsiteError,
  randomSuffix,
  suffixedName,
  usesExistingDirector,
  websiteNameFor,
} from '../src/types/quick-setup.ts'
import { notProvided } from './not-provided.ts'
import type {
  CreateDirectorInput,
  CreatedDirector,
  CreatedWebsite,
  CreateWebsiteInput,
  NamedResourceInput,
  ProjectInput,
  QuickSetupOutcome,
  QuickSetupSubmissionContext,
  QuickSetupSubmissionInput,
  QuickSetupSubmissionTag,
} from './quick-setup.types.ts'

// The states that read these are only reachable with the data present: a throw here is a machine bug.
export function required<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`quick setup: no ${what} in this state`)
  return value
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

// Actions on `xstate.error.actor.*` events, which the event union does not list.
const errorOf = (event: object): unknown => ('error' in event ? event.error : event)

type Context = QuickSetupSubmissionContext

export const projectOf = ({ context }: { context: Context }): ProjectInput => ({ project: context.project })
export const candidateName = ({ context }: { context: Context }): NamedResourceInput => ({
  project: context.project,
  name: required(context.websiteName, 'website name'),
})

/** The director this attempt asked for, to look for when its creation's answer was lost. */
export const requestedDirector = ({ context }: { context: Context }): NamedResourceInput => ({
  project: context.project,
  name: required(context.requestedDirector, 'director name'),
})

/** The director the website of this attempt uses: the one it created, else the existing one chosen. */
export function attemptDirector(context: Context): string {
  return context.createdDirector ?? required(context.draft.default_director, 'director')
}

/**
 * The submission machine's types, actors, guards and actions (machines/quick-setup-submission.ts is its
 * statechart): the quick website creation sequence's pieces, named as the chart uses them.
 */
export const submissionSetup = setup({
  types: {
    context: {} as Context,
    input: {} as QuickSetupSubmissionInput,
    output: {} as QuickSetupOutcome,
    tags: {} as QuickSetupSubmissionTag,
  },
  actors: {
    listDomains: notProvided<string[], ProjectInput>('listDomains'),
    createDirector: notProvided<CreatedDirector, CreateDirectorInput>('createDirector'),
    readDirector: notProvided<CreatedDirector | null, NamedResourceInput>('readDirector'),
    websiteExists: notProvided<boolean, NamedResourceInput>('websiteExists'),
    createWebsite: notProvided<CreatedWebsite, CreateWebsiteInput>('createWebsite'),
    readWebsite: notProvided<CreatedWebsite | null, NamedResourceInput>('readWebsite'),
    deleteDirector: notProvided<void, NamedResourceInput>('deleteDirector'),
  },
  guards: {
    isDomainUsed: ({ context }, { domains }: { domains: string[] }) =>
      domains.some((domain) => domain.toLowerCase() === context.draft.domain_name),
    hasExistingDirector: ({ context }) => usesExistingDirector(context.draft),
    hasCreatedDirector: ({ context }) => context.createdDirector !== null,
    isFree: (_, { exists }: { exists: boolean }) => !exists,
    // The platform answered no: nothing was created. Any other failure (no answer, a time-out, a 5xx) may
    // have come after the director or the website was stored.
    wasRefused: ({ event }) => {
      const error = errorOf(event)
      return typeof error === 'object' && error !== null && 'refused' in error && error.refused === true
    },
    isFound: (_, { director }: { director: CreatedDirector | null }) => director !== null,
    isMissing: (_, { website }: { website: CreatedWebsite | null }) => website === null,
    // The website the platform holds under the name this attempt asked for is the one it sent.
    isAttemptWebsite: ({ context }, { website }: { website: CreatedWebsite | null }) =>
      website !== null && website.default_director === attemptDirector(context),
  },
  delays: {
    // A creation whose answer was lost may still be running on the platform (the client gave up after its
    // 5 s time-out, the server did not): a check that finds nothing reads once more after this wait.
    recheckDelay: 2000,
  },
  actions: {
    nameDirector: assign(({ context }) => ({
      requestedDirector: suffixedName(context.draft.domain_name, randomSuffix(context.random)),
    })),
    // The server's name, not the requested one: that is what a rollback must delete.
    useDirector: assign((_, director: CreatedDirector) => ({ createdDirector: director.name, errors: [] })),
    useWebsiteName: assign(({ context }) => ({ websiteName: websiteNameFor(context.draft.domain_name) })),
    suffixWebsiteName: assign(({ context }) => ({
      websiteName: suffixedName(context.draft.domain_name, randomSuffix(context.random)),
    })),
    report: assign((_, error: QuickWebsiteError) => ({ errors: [error] })),
    reportServerFailure: assign(({ event }) => ({
      errors: [{ field: 'server' as const, message: messageOf(errorOf(event)) }],
    })),
    // The website exists: the final page names it as the server read it back.
    markCreated: assign((_, website: CreatedWebsite) => ({ created: website, errors: [] })),
    // Gone again: the page says so beside the failure, so the user knows nothing was left behind.
    noteRemovedDirector: assign(({ context }) => ({ removedDirector: context.createdDirector, createdDirector: null })),
    // Nothing else can remove it: name it in the errors so the user can delete it by hand.
    reportLeftoverDirector: assign(({ context, event }) => ({
      errors: [
        ...context.errors,
        { field: 'director' as const, message: `${context.createdDirector}: ${messageOf(errorOf(event))}` },
      ],
      createdDirector: null,
    })),
    // Neither answer came: the director may exist, and no website is made on a guess. Named for the user.
    reportUnknownDirector: assign(({ context }) => ({
      errors: [
        ...context.errors,
        {
          field: 'director' as const,
          message: `${required(context.requestedDirector, 'director name')}: ${QUICK_WEBSITE_MESSAGES.unknownDirector}`,
        },
      ],
    })),
    // Neither answer came: the website may exist and use the director, which is therefore kept. Both named.
    reportUnknownOutcome: assign(({ context }) => {
      const website = required(context.websiteName, 'website name')
      return {
        errors: [
          ...context.errors,
          { field: 'website' as const, message: `${website}: ${QUICK_WEBSITE_MESSAGES.unknownOutcome}` },
          ...(context.createdDirector
            ? [{ field: 'director' as const, message: `${context.createdDirector}: kept, as ${website} may use it` }]
            : []),
        ],
        createdDirector: null,
      }
    }),
  },
})

type StateConfig = Parameters<typeof submissionSetup.createStateConfig>[0]
type Invoke = NonNullable<StateConfig['invoke']>
type OneInvoke = Invoke extends readonly (infer One)[] ? One : Invoke
/** The invocation of one of the reads a lost creation's check makes, as the chart types it. */
type ReadInvoke<Read> = Extract<OneInvoke, { src: Read }>
/** One transition of such a read's answer, its `event.output` the resource or null (missing). */
type ReadDone<Read> = Extract<NonNullable<ReadInvoke<Read>['onDone']>, readonly unknown[]>[number]

type Reader = 'readDirector' | 'readWebsite'

/**
 * The check of a creation whose answer was lost (no answer, a time-out, a 5xx), for the director and the
 * website alike: `reading` the resource, `found` goes on as if the creation had answered; what `missing`
 * takes waits `recheckDelay` (a creation the client gave up on may still be running on the platform, which
 * commits it within 4 s of its arrival or not at all: docs/api.md, "Write deadline") and reads it
 * `readingAgain`, where what is not found goes `notCreated`; a read that fails leaves it `unknown`.
 */
export function checkingCreated<Read extends Reader>(check: {
  read: Read
  ids: readonly [reading: string, readingAgain: string]
  input: (args: { context: Context }) => NamedResourceInput
  found: ReadDone<Read>
  missing: readonly ReadDone<Read>[]
  notCreated: readonly ReadDone<Read>[]
  unknown: 'reportUnknownDirector' | 'reportUnknownOutcome'
}) {
  const reading = (id: string, otherwise: readonly ReadDone<Read>[]) => ({
    invoke: {
      id,
      src: check.read,
      input: check.input,
      onDone: [check.found, ...otherwise],
      onError: { target: '#quickSetupSubmission.failed', actions: check.unknown },
      // The chart's type for an invocation of `Read`, which a generic `src` cannot select by itself.
    } as ReadInvoke<Read>,
  })
  return submissionSetup.createStateConfig({
    initial: 'reading',
    states: {
      reading: reading(check.ids[0], check.missing),
      waiting: { after: { recheckDelay: 'readingAgain' } },
      readingAgain: reading(check.ids[1], check.notCreated),
    },
  })
}
