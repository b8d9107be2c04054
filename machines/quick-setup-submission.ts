import { and } from 'xstate'
import { QUICK_WEBSITE_MESSAGES, type QuickWebsiteError, quickSetupDirector } from '../src/types/quick-setup.ts'
import {
  attemptDirector,
  candidateName,
  checkingCreated,
  projectOf,
  requestedDirector,
  required,
  submissionSetup,
} from './quick-setup-submission.setup.ts'

type FailureAction = 'reportServerFailure' | { type: 'report'; params: QuickWebsiteError }

/** Every failure ends the submission; a director this attempt created is deleted first. */
function failure(action: FailureAction) {
  return [
    { guard: 'hasCreatedDirector' as const, target: '#quickSetupSubmission.rollingBack', actions: action },
    { target: '#quickSetupSubmission.failed', actions: action },
  ]
}

/** The website is not there: the failure goes on as after a refusal, the director removed first. */
const notCreated = [
  { guard: 'hasCreatedDirector' as const, target: '#quickSetupSubmission.rollingBack' },
  { target: '#quickSetupSubmission.failed' },
]

export const quickSetupSubmissionMachine = submissionSetup.createMachine({
  id: 'quickSetupSubmission',
  description:
    'One submission of the Quick Setup wizard: the quick website creation sequence (spec section 4) with director rollback, invoked by the wizard with a checked draft; a creation whose answer was lost is checked (read, and read again after a wait) before anything goes on or is rolled back; its output is the website created or the errors to list.',
  context: ({ input }) => ({
    ...input,
    errors: [],
    requestedDirector: null,
    createdDirector: null,
    websiteName: null,
    created: null,
    removedDirector: null,
  }),
  initial: 'checkingDomain',
  output: ({ context }) => ({
    created: context.created,
    errors: context.errors,
    removedDirector: context.removedDirector,
  }),
  states: {
    checkingDomain: {
      invoke: {
        id: 'listDomains',
        src: 'listDomains',
        input: projectOf,
        onDone: [
          {
            guard: { type: 'isDomainUsed', params: ({ event }) => ({ domains: event.output }) },
            target: 'failed',
            actions: { type: 'report', params: { field: 'website', message: QUICK_WEBSITE_MESSAGES.domainUsed } },
          },
          { guard: 'hasExistingDirector', target: 'ensuringWebsiteName' },
          { target: 'creatingDirector' },
        ],
        onError: failure('reportServerFailure'),
      },
    },
    creatingDirector: {
      entry: 'nameDirector',
      invoke: {
        id: 'createDirector',
        src: 'createDirector',
        input: ({ context }) => ({
          project: context.project,
          director: quickSetupDirector(context.draft, required(context.requestedDirector, 'director name')),
        }),
        onDone: {
          target: 'ensuringWebsiteName',
          actions: { type: 'useDirector', params: ({ event }) => event.output },
        },
        onError: [
          { guard: 'wasRefused', target: 'failed', actions: 'reportServerFailure' },
          // No answer, or not one that says: the director may have been stored before it was lost.
          { target: 'checkingCreatedDirector', actions: 'reportServerFailure' },
        ],
      },
    },
    // Found, the sequence goes on with it as if the creation had answered; missing (twice), it fails as
    // refused; unknown, it stops there, deleting nothing, and names the director that may exist.
    checkingCreatedDirector: checkingCreated({
      read: 'readDirector',
      ids: ['checkCreatedDirector', 'recheckCreatedDirector'],
      input: requestedDirector,
      found: {
        guard: { type: 'isFound', params: ({ event }) => ({ director: event.output }) },
        target: '#quickSetupSubmission.ensuringWebsiteName',
        actions: { type: 'useDirector', params: ({ event }) => required(event.output, 'director') },
      },
      missing: [{ target: 'waiting' }],
      notCreated: [{ target: '#quickSetupSubmission.failed' }],
      unknown: 'reportUnknownDirector',
    }),
    ensuringWebsiteName: {
      initial: 'checkingName',
      entry: 'useWebsiteName',
      states: {
        checkingName: {
          invoke: {
            id: 'checkWebsiteName',
            src: 'websiteExists',
            input: candidateName,
            onDone: [
              {
                guard: { type: 'isFree', params: ({ event }) => ({ exists: event.output }) },
                target: '#quickSetupSubmission.creatingWebsite',
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
                target: '#quickSetupSubmission.creatingWebsite',
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
            default_director: attemptDirector(context),
          },
        }),
        onDone: { target: 'created', actions: { type: 'markCreated', params: ({ event }) => event.output } },
        onError: [
          {
            guard: and(['wasRefused', 'hasCreatedDirector']),
            target: 'rollingBack',
            actions: 'reportServerFailure',
          },
          { guard: 'wasRefused', target: 'failed', actions: 'reportServerFailure' },
          // No answer, or not one that says: the website may have been stored before it was lost.
          { target: 'checkingCreatedWebsite', actions: 'reportServerFailure' },
        ],
      },
    },
    // Asked before anything is rolled back: the director of a website that exists is in use. Missing, it is
    // read once more after a wait; another's, this attempt's can never be stored under its name.
    checkingCreatedWebsite: checkingCreated({
      read: 'readWebsite',
      ids: ['checkCreatedWebsite', 'recheckCreatedWebsite'],
      input: candidateName,
      found: {
        guard: { type: 'isAttemptWebsite', params: ({ event }) => ({ website: event.output }) },
        target: '#quickSetupSubmission.created',
        actions: { type: 'markCreated', params: ({ event }) => required(event.output, 'website') },
      },
      missing: [
        { guard: { type: 'isMissing', params: ({ event }) => ({ website: event.output }) }, target: 'waiting' },
        ...notCreated,
      ],
      notCreated,
      unknown: 'reportUnknownOutcome',
    }),
    // The director exists only because of this attempt: remove it before reporting the failure.
    rollingBack: {
      tags: 'rollingBack',
      invoke: {
        id: 'deleteDirector',
        src: 'deleteDirector',
        input: ({ context }) => ({ project: context.project, name: required(context.createdDirector, 'director') }),
        onDone: { target: 'failed', actions: 'noteRemovedDirector' },
        onError: { target: 'failed', actions: 'reportLeftoverDirector' },
      },
    },
    created: { type: 'final' },
    failed: { type: 'final' },
  },
})
