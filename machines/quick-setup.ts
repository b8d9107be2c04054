import { and, assign, emit, setup } from 'xstate'
import {
  QUICK_WEBSITE_MESSAGES,
  QuickSetupDraft,
  type QuickWebsiteError,
  quickSetupDirector,
  randomSuffix,
  suffixedName,
  usesExistingDirector,
  validateQuickSetupDraft,
  websiteNameFor,
} from '../src/types/quick-setup.ts'
import { notProvided } from './not-provided.ts'
import type {
  CreateDirectorInput,
  CreatedWebsite,
  CreateWebsiteInput,
  NamedResourceInput,
  ProjectInput,
  QuickSetupContext,
  QuickSetupDraftPatch,
  QuickSetupEmitted,
  QuickSetupEvent,
  QuickSetupInput,
  QuickSetupTag,
} from './quick-setup.types.ts'

/** The draft schema's defaults and normalisation (trim, lower case) through its Standard Schema interface. */
function parseDraft(value: unknown): QuickSetupDraft | null {
  const result = QuickSetupDraft['~standard'].validate(value)
  if (result instanceof Promise || result.issues) return null
  return result.value
}

// The states that read these are only reachable with the data present: a throw here is a machine bug.
function required<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`quick setup: no ${what} in this state`)
  return value
}

export const emptyDraft = (): QuickSetupDraft => required(parseDraft({}), 'default draft')

/** A form change: fields absent from the patch keep their value, `backend` merges field by field. */
export const applyDraftPatch = (draft: QuickSetupDraft, patch: QuickSetupDraftPatch): QuickSetupDraft => ({
  ...draft,
  ...patch,
  backend: { ...draft.backend, ...patch.backend },
})

/** No attempt in progress and nothing to report. */
const noAttempt = { errors: [], heldErrors: [], createdDirector: null, websiteName: null, created: null }

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

// Actions on `xstate.error.actor.*` events, which the event union does not list.
const errorOf = (event: object): unknown => ('error' in event ? event.error : event)

const projectOf = ({ context }: { context: QuickSetupContext }): ProjectInput => ({ project: context.project })
const candidateName = ({ context }: { context: QuickSetupContext }): NamedResourceInput => ({
  project: context.project,
  name: required(context.websiteName, 'website name'),
})

const quickSetupSetup = setup({
  types: {
    context: {} as QuickSetupContext,
    events: {} as QuickSetupEvent,
    emitted: {} as QuickSetupEmitted,
    input: {} as QuickSetupInput,
    tags: {} as QuickSetupTag,
  },
  actors: {
    listDomains: notProvided<string[], ProjectInput>('listDomains'),
    createDirector: notProvided<{ name: string }, CreateDirectorInput>('createDirector'),
    websiteExists: notProvided<boolean, NamedResourceInput>('websiteExists'),
    createWebsite: notProvided<CreatedWebsite, CreateWebsiteInput>('createWebsite'),
    readWebsite: notProvided<CreatedWebsite | null, NamedResourceInput>('readWebsite'),
    deleteDirector: notProvided<void, NamedResourceInput>('deleteDirector'),
  },
  guards: {
    isDraftInvalid: ({ context }) => validateQuickSetupDraft(context.draft).length > 0,
    isPatchValid: ({ context }, { draft }: { draft: QuickSetupDraftPatch }) =>
      validateQuickSetupDraft(applyDraftPatch(context.draft, draft)).length === 0,
    isDomainUsed: ({ context }, { domains }: { domains: string[] }) =>
      domains.some((domain) => domain.toLowerCase() === context.draft.domain_name),
    hasExistingDirector: ({ context }) => usesExistingDirector(context.draft),
    hasCreatedDirector: ({ context }) => context.createdDirector !== null,
    isFree: (_, { exists }: { exists: boolean }) => !exists,
    isSameProject: ({ context }, { project }: { project: string | undefined }) =>
      project === undefined || project === context.project,
    // The platform answered no: nothing was created. Any other failure (no answer, a time-out, a 5xx) may
    // have come after the website was stored.
    wasRefused: ({ event }) => {
      const error = errorOf(event)
      return typeof error === 'object' && error !== null && 'refused' in error && error.refused === true
    },
    // The website the platform holds under the name this attempt asked for is the one it sent.
    isAttemptWebsite: ({ context }, { website }: { website: CreatedWebsite | null }) =>
      website !== null && website.default_director === attemptDirector(context),
  },
  actions: {
    clearErrors: assign({ errors: [] }),
    resetDraft: assign(() => ({ ...noAttempt, draft: emptyDraft() })),
    // Submitting checks and sends the normalised draft, so 'Shop.Example.com ' passes as shop.example.com.
    beginAttempt: assign(({ context }) => ({ ...noAttempt, draft: parseDraft(context.draft) ?? context.draft })),
    suffixWebsiteName: assign(({ context }) => ({
      websiteName: suffixedName(context.draft.domain_name, randomSuffix(context.random)),
    })),
    reportInvalidDraft: assign(({ context }) => ({ errors: validateQuickSetupDraft(context.draft) })),
    applyPatch: assign(({ context }, { draft }: { draft: QuickSetupDraftPatch }) => ({
      draft: applyDraftPatch(context.draft, draft),
    })),
    report: assign((_, error: QuickWebsiteError) => ({ errors: [error] })),
    // Nothing else can remove it: name it in the errors so the user can delete it by hand.
    reportLeftoverDirector: assign(({ context, event }) => ({
      errors: [
        ...context.errors,
        { field: 'director' as const, message: `${context.createdDirector}: ${messageOf(errorOf(event))}` },
      ],
      createdDirector: null,
    })),
    reportServerFailure: assign(({ event }) => ({
      errors: [{ field: 'server' as const, message: messageOf(errorOf(event)) }],
    })),
    // The website exists: the final page names it as the server read it back, and the app is told.
    markCreated: assign((_, website: CreatedWebsite) => ({ created: website, heldErrors: [] })),
    announceCreated: emit(({ context }, website: CreatedWebsite) => ({
      type: 'quickSetup.created' as const,
      project: context.project,
      name: website.name,
      default_director: website.default_director,
    })),
    // Kept out of sight while the console asks whether the website was created after all.
    holdServerFailure: assign(({ event }) => ({
      errors: [],
      heldErrors: [{ field: 'server' as const, message: messageOf(errorOf(event)) }],
    })),
    // Neither answer came: the website may exist and use the director, which is therefore kept. Both named.
    reportUnknownOutcome: assign(({ context }) => {
      const website = required(context.websiteName, 'website name')
      return {
        errors: [
          ...context.heldErrors,
          { field: 'website' as const, message: `${website}: ${QUICK_WEBSITE_MESSAGES.unknownOutcome}` },
          ...(context.createdDirector
            ? [{ field: 'director' as const, message: `${context.createdDirector}: kept, as ${website} may use it` }]
            : []),
        ],
        heldErrors: [],
        createdDirector: null,
      }
    }),
    // The failure waits for the rollback: the page says it is removing the director, not yet what failed.
    holdErrors: assign(({ context }) => ({ errors: [], heldErrors: context.errors })),
    releaseErrors: assign(({ context }) => ({ errors: context.heldErrors, heldErrors: [] })),
  },
})

type FailureAction = 'reportServerFailure' | { type: 'report'; params: QuickWebsiteError }

/** Every failure ends on the confirmation page; a director this attempt created is deleted first. */
function failure(action: FailureAction) {
  return [
    {
      guard: 'hasCreatedDirector' as const,
      target: '#quickSetup.submitting.rollingBack',
      actions: [action, 'holdErrors' as const],
    },
    { target: '#quickSetup.confirming.failed', actions: action },
  ]
}

/** The director the website of this attempt uses: the one it created, else the existing one chosen. */
function attemptDirector(context: QuickSetupContext): string {
  return context.createdDirector ?? required(context.draft.default_director, 'director')
}

// Not while submitting: leaving then would abandon a director the attempt may have created.
const pageControls = {
  'wizard.cancel': { target: '#quickSetup.closed', actions: 'clearErrors' },
  'wizard.close': { target: '#quickSetup.closed', actions: 'clearErrors' },
  'wizard.restart': { target: '#quickSetup.welcome', actions: 'resetDraft' },
} as const

export const quickSetupMachine = quickSetupSetup.createMachine({
  id: 'quickSetup',
  description:
    'The Quick Setup wizard (spec sections 2 and 4): welcome, form, confirmation and final pages, and the quick website creation sequence with director rollback.',
  context: ({ input }) => ({
    ...noAttempt,
    project: input.project,
    random: input.random ?? Math.random,
    draft: emptyDraft(),
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'wizard.open': [
          // What was typed before a Cancel, a Close or a stray click outside is still there for the same
          // project; the final page's close starts the next run empty (finished, below).
          { guard: { type: 'isSameProject', params: ({ event }) => ({ project: event.project }) }, target: 'welcome' },
          {
            target: 'welcome',
            actions: ['resetDraft', assign({ project: ({ context, event }) => event.project ?? context.project })],
          },
        ],
      },
    },
    welcome: {
      tags: ['open', 'page:welcome'],
      on: { ...pageControls, 'wizard.next': { target: 'form', actions: 'clearErrors' } },
    },
    // The page checks its fields with the rules the server applies (QuickWebsite) before Next lets the
    // user on: the confirmation page is only ever reached with a draft the sequence can submit.
    form: {
      tags: ['open', 'page:form'],
      initial: 'editing',
      on: {
        ...pageControls,
        'wizard.previous': { target: 'welcome', actions: 'clearErrors' },
        'wizard.next': [
          { guard: 'isDraftInvalid', target: '.invalid', actions: 'reportInvalidDraft' },
          { target: 'confirming', actions: 'clearErrors' },
        ],
        'wizard.edit': { actions: { type: 'applyPatch', params: ({ event }) => ({ draft: event.draft }) } },
      },
      states: {
        editing: {},
        // Next was refused: the fields show their errors, checked again at every edit until none is left.
        invalid: {
          tags: 'error',
          on: {
            'wizard.edit': [
              {
                guard: { type: 'isPatchValid', params: ({ event }) => ({ draft: event.draft }) },
                target: 'editing',
                actions: [{ type: 'applyPatch', params: ({ event }) => ({ draft: event.draft }) }, 'clearErrors'],
              },
              {
                actions: [
                  { type: 'applyPatch', params: ({ event }) => ({ draft: event.draft }) },
                  'reportInvalidDraft',
                ],
              },
            ],
          },
        },
      },
    },
    confirming: {
      tags: ['open', 'page:confirm'],
      initial: 'asking',
      on: {
        ...pageControls,
        'wizard.previous': { target: 'form', actions: 'clearErrors' },
        'wizard.yes': 'submitting',
        'wizard.finish': 'submitting',
        'wizard.no': { target: 'finished.declined', actions: 'clearErrors' },
      },
      states: {
        asking: {},
        failed: { tags: 'error' },
      },
    },
    // The spec's quick website creation sequence (section 4), its validation done by Next on the form page
    // (the server checks again); the confirmation page stays, busy.
    submitting: {
      tags: ['open', 'page:confirm', 'busy'],
      entry: 'beginAttempt',
      initial: 'checkingDomain',
      states: {
        checkingDomain: {
          invoke: {
            id: 'listDomains',
            src: 'listDomains',
            input: projectOf,
            onDone: [
              {
                guard: { type: 'isDomainUsed', params: ({ event }) => ({ domains: event.output }) },
                target: '#quickSetup.confirming.failed',
                actions: { type: 'report', params: { field: 'website', message: QUICK_WEBSITE_MESSAGES.domainUsed } },
              },
              { guard: 'hasExistingDirector', target: 'ensuringWebsiteName' },
              { target: 'creatingDirector' },
            ],
            onError: failure('reportServerFailure'),
          },
        },
        creatingDirector: {
          invoke: {
            id: 'createDirector',
            src: 'createDirector',
            input: ({ context }) => ({
              project: context.project,
              director: quickSetupDirector(
                context.draft,
                suffixedName(context.draft.domain_name, randomSuffix(context.random)),
              ),
            }),
            // The server's name, not the requested one: that is what a rollback must delete.
            onDone: {
              target: 'ensuringWebsiteName',
              actions: assign({ createdDirector: ({ event }) => event.output.name }),
            },
            onError: failure('reportServerFailure'),
          },
        },
        ensuringWebsiteName: {
          initial: 'checkingName',
          entry: assign({ websiteName: ({ context }) => websiteNameFor(context.draft.domain_name) }),
          states: {
            checkingName: {
              invoke: {
                id: 'checkWebsiteName',
                src: 'websiteExists',
                input: candidateName,
                onDone: [
                  {
                    guard: { type: 'isFree', params: ({ event }) => ({ exists: event.output }) },
                    target: '#quickSetup.submitting.creatingWebsite',
                  },
                  { target: 'checkingSuffixedName', actions: 'suffixWebsiteName' },
                ],
                onError: failure('reportServerFailure'),
              },
            },
            checkingSuffixedName: {
              invoke: {
                id: 'checkSuffixedWebsiteName',
                src: 'websiteExists',
                input: candidateName,
                onDone: [
                  {
                    guard: { type: 'isFree', params: ({ event }) => ({ exists: event.output }) },
                    target: '#quickSetup.submitting.creatingWebsite',
                  },
                  ...failure({
                    type: 'report',
                    params: { field: 'website', message: QUICK_WEBSITE_MESSAGES.invalidWebsiteName },
                  }),
                ],
                onError: failure('reportServerFailure'),
              },
            },
          },
        },
        creatingWebsite: {
          invoke: {
            id: 'createWebsite',
            src: 'createWebsite',
            input: ({ context }) => ({
              project: context.project,
              website: {
                name: required(context.websiteName, 'website name'),
                domain_name: context.draft.domain_name,
                default_director: context.createdDirector ?? required(context.draft.default_director, 'director'),
              },
            }),
            onDone: {
              target: '#quickSetup.finished.created',
              actions: [
                { type: 'markCreated', params: ({ event }) => event.output },
                { type: 'announceCreated', params: ({ event }) => event.output },
              ],
            },
            onError: [
              {
                guard: and(['wasRefused', 'hasCreatedDirector']),
                target: 'rollingBack',
                actions: ['reportServerFailure', 'holdErrors'],
              },
              { guard: 'wasRefused', target: '#quickSetup.confirming.failed', actions: 'reportServerFailure' },
              // No answer, or not one that says: the website may have been stored before it was lost.
              { target: 'checkingCreatedWebsite', actions: 'holdServerFailure' },
            ],
          },
        },
        // Asked before anything is rolled back: the director of a website that exists is in use.
        checkingCreatedWebsite: {
          invoke: {
            id: 'checkCreatedWebsite',
            src: 'readWebsite',
            input: candidateName,
            onDone: [
              {
                guard: { type: 'isAttemptWebsite', params: ({ event }) => ({ website: event.output }) },
                target: '#quickSetup.finished.created',
                actions: [
                  { type: 'markCreated', params: ({ event }) => required(event.output, 'website') },
                  { type: 'announceCreated', params: ({ event }) => required(event.output, 'website') },
                ],
              },
              { guard: 'hasCreatedDirector', target: 'rollingBack' },
              { target: '#quickSetup.confirming.failed', actions: 'releaseErrors' },
            ],
            onError: { target: '#quickSetup.confirming.failed', actions: 'reportUnknownOutcome' },
          },
        },
        // The director exists only because of this attempt: remove it before reporting the failure.
        rollingBack: {
          tags: 'rollingBack',
          invoke: {
            id: 'deleteDirector',
            src: 'deleteDirector',
            input: ({ context }) => ({ project: context.project, name: required(context.createdDirector, 'director') }),
            onDone: {
              target: '#quickSetup.confirming.failed',
              actions: ['releaseErrors', assign({ createdDirector: null })],
            },
            onError: { target: '#quickSetup.confirming.failed', actions: ['releaseErrors', 'reportLeftoverDirector'] },
          },
        },
      },
    },
    finished: {
      tags: ['open', 'page:final'],
      initial: 'created',
      // Done with this website (created, or declined): the next run starts from an empty draft.
      exit: 'resetDraft',
      on: {
        ...pageControls,
        'wizard.finish': { target: 'closed', actions: emit({ type: 'quickSetup.finished' }) },
      },
      states: {
        created: {},
        // 'No' on the confirmation page: nothing was created, the page offers 'Quick links!'.
        declined: {},
      },
    },
  },
})
