import { assign, emit, setup } from 'xstate'
import { QuickSetupDraft, validateQuickSetupDraft } from '../src/types/quick-setup.ts'
import type {
  CreatedWebsite,
  QuickSetupContext,
  QuickSetupDraftPatch,
  QuickSetupEmitted,
  QuickSetupEvent,
  QuickSetupInput,
  QuickSetupOutcome,
  QuickSetupTag,
} from './quick-setup.types.ts'
import { quickSetupSubmissionMachine } from './quick-setup-submission.ts'

/** The draft schema's defaults and normalisation (trim, lower case) through its Standard Schema interface. */
function parseDraft(value: unknown): QuickSetupDraft | null {
  const result = QuickSetupDraft['~standard'].validate(value)
  if (result instanceof Promise || result.issues) return null
  return result.value
}

export function emptyDraft(): QuickSetupDraft {
  const draft = parseDraft({})
  if (draft === null) throw new Error('quick setup: the default draft does not parse')
  return draft
}

/** A form change: fields absent from the patch keep their value, `backend` merges field by field. */
export const applyDraftPatch = (draft: QuickSetupDraft, patch: QuickSetupDraftPatch): QuickSetupDraft => ({
  ...draft,
  ...patch,
  backend: { ...draft.backend, ...patch.backend },
})

/** No attempt in progress and nothing to report. */
const noAttempt = { errors: [], created: null, removedDirector: null }

/** The website a submission created; only read once `wasCreated` has said there is one. */
function createdBy(outcome: QuickSetupOutcome): CreatedWebsite {
  if (outcome.created === null) throw new Error('quick setup: the submission created no website')
  return outcome.created
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

const quickSetupSetup = setup({
  types: {
    context: {} as QuickSetupContext,
    events: {} as QuickSetupEvent,
    emitted: {} as QuickSetupEmitted,
    input: {} as QuickSetupInput,
    tags: {} as QuickSetupTag,
  },
  actors: {
    // The sequence itself, a machine of its own; the composition layer provides its actors.
    submitQuickWebsite: quickSetupSubmissionMachine,
  },
  guards: {
    isDraftInvalid: ({ context }) => validateQuickSetupDraft(context.draft).length > 0,
    isPatchValid: ({ context }, { draft }: { draft: QuickSetupDraftPatch }) =>
      validateQuickSetupDraft(applyDraftPatch(context.draft, draft)).length === 0,
    isSameProject: ({ context }, { project }: { project: string | undefined }) =>
      project === undefined || project === context.project,
    isRollingBack: (_, { rollingBack }: { rollingBack: boolean }) => rollingBack,
    wasCreated: (_, { outcome }: { outcome: QuickSetupOutcome }) => outcome.created !== null,
  },
  actions: {
    clearErrors: assign({ errors: [], removedDirector: null }),
    resetDraft: assign(() => ({ ...noAttempt, draft: emptyDraft() })),
    // Submitting checks and sends the normalised draft, so 'Shop.Example.com ' passes as shop.example.com.
    beginAttempt: assign(({ context }) => ({ ...noAttempt, draft: parseDraft(context.draft) ?? context.draft })),
    reportInvalidDraft: assign(({ context }) => ({ errors: validateQuickSetupDraft(context.draft) })),
    applyPatch: assign(({ context }, { draft }: { draft: QuickSetupDraftPatch }) => ({
      draft: applyDraftPatch(context.draft, draft),
    })),
    reportOutcome: assign((_, { outcome }: { outcome: QuickSetupOutcome }) => ({
      errors: outcome.errors,
      removedDirector: outcome.removedDirector,
    })),
    // The submission itself broke (a machine bug): what it threw is all there is to say.
    reportSubmissionFailure: assign(({ event }) => ({
      errors: [{ field: 'server' as const, message: messageOf('error' in event ? event.error : event) }],
    })),
    // The website exists: the final page names it as the server read it back, and the app is told.
    markCreated: assign((_, website: CreatedWebsite) => ({ created: website, errors: [] })),
    announceCreated: emit(({ context }, website: CreatedWebsite) => ({
      type: 'quickSetup.created' as const,
      project: context.project,
      name: website.name,
      default_director: website.default_director,
    })),
  },
})

// Not while submitting: leaving then would abandon a director the attempt may have created.
const pageControls = {
  'wizard.cancel': { target: '#quickSetup.closed', actions: 'clearErrors' },
  'wizard.close': { target: '#quickSetup.closed', actions: 'clearErrors' },
  'wizard.restart': { target: '#quickSetup.welcome', actions: 'resetDraft' },
} as const

export const quickSetupMachine = quickSetupSetup.createMachine({
  id: 'quickSetup',
  description:
    'The Quick Setup wizard (spec sections 2 and 4): welcome, form, confirmation and final pages; Yes (or Finish) runs the quick website creation sequence as the submission machine (quickSetupSubmissionMachine) and shows its outcome.',
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
    // (the server checks again), run by the submission machine; the confirmation page stays, busy.
    submitting: {
      tags: ['open', 'page:confirm', 'busy'],
      entry: 'beginAttempt',
      initial: 'creating',
      invoke: {
        id: 'submission',
        src: 'submitQuickWebsite',
        input: ({ context }) => ({ project: context.project, draft: context.draft, random: context.random }),
        // The page says it is removing the director while the submission does; the failure comes after.
        onSnapshot: {
          guard: {
            type: 'isRollingBack',
            params: ({ event }) => ({ rollingBack: event.snapshot.hasTag('rollingBack') }),
          },
          target: '.rollingBack',
        },
        onDone: [
          {
            guard: { type: 'wasCreated', params: ({ event }) => ({ outcome: event.output }) },
            target: '#quickSetup.finished.created',
            actions: [
              { type: 'markCreated', params: ({ event }) => createdBy(event.output) },
              { type: 'announceCreated', params: ({ event }) => createdBy(event.output) },
            ],
          },
          {
            target: '#quickSetup.confirming.failed',
            actions: { type: 'reportOutcome', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: { target: '#quickSetup.confirming.failed', actions: 'reportSubmissionFailure' },
      },
      states: {
        creating: {},
        rollingBack: { tags: 'rollingBack' },
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
