import { assign, setup } from 'xstate'
import type { FieldError } from '../src/domain/common.ts'
import { type PurgeRecord, type PurgeRequest, type PurgeType, purgeSettled } from '../src/domain/purge.ts'

import { actionNotProvided, notProvided } from './not-provided.ts'

/**
 * The invalidation page (issue 12): a request is checked with the same schema as the server's, `all`
 * is confirmed naming the project, then the request is followed node by node until it settled
 * (completed, partial or failed). What the user typed stays through every error.
 */

/** The form: targets typed one per line. */
export type InvalidationDraft = { type: PurgeType; text: string; soft: boolean }

export type InvalidationInput = {
  /** The schema's verdict on a request (field errors on `targets`, `targets.N`, `soft`), and the request. */
  check: (draft: InvalidationDraft) => { request: PurgeRequest | null; errors: FieldError[] }
}

export type InvalidationContext = InvalidationInput & {
  draft: InvalidationDraft
  errors: FieldError[]
  /** Why the last request could not be sent or followed. */
  message: string | null
  /** What is being sent (the form's, or an earlier one sent again). */
  request: PurgeRequest | null
  /** The request sent is an earlier one sent again, not the form's: its refusal is not the form's. */
  again: boolean
  /** The invalidation followed, as last read. */
  current: PurgeRecord | null
  /** Reads that failed in a row while following. */
  misses: number
}

export type InvalidationEvent =
  | { type: 'draft.change'; patch: Partial<InvalidationDraft> }
  | { type: 'purge.submit' }
  | { type: 'purge.again'; request: PurgeRequest }
  | { type: 'purge.confirm' }
  | { type: 'purge.cancel' }

/** How often a request in progress is read again, and how many failed reads in a row end the follow-up. */
export const FOLLOW_INTERVAL_MS = 1000
export const MAX_MISSES = 3

const EMPTY: InvalidationDraft = { type: 'url', text: '', soft: false }

const machineSetup = setup({
  types: {
    context: {} as InvalidationContext,
    events: {} as InvalidationEvent,
    input: {} as InvalidationInput,
  },
  actors: {
    sendPurge: notProvided<PurgeRecord, { request: PurgeRequest }>('sendPurge'),
    readPurge: notProvided<PurgeRecord, { name: string }>('readPurge'),
  },
  actions: {
    /** The recent invalidations list refreshes: a new one was sent, or one settled. */
    announceChange: actionNotProvided('announceChange'),
  },
  guards: {
    draftInvalid: ({ context }) => context.check(context.draft).errors.length > 0,
    purgesAll: ({ context }) => context.request?.type === 'all',
    settled: (_, { record }: { record: PurgeRecord }) => purgeSettled(record.status),
    lostTrack: ({ context }) => context.misses + 1 >= MAX_MISSES,
  },
  delays: { followInterval: FOLLOW_INTERVAL_MS },
})

/** Sending the form's request (checked first) or an earlier one again: from the form, a follow-up or a result. */
const requestTransitions = {
  'purge.submit': [
    {
      guard: 'draftInvalid',
      actions: machineSetup.assign(({ context }) => ({ errors: context.check(context.draft).errors, message: null })),
    },
    {
      target: '#invalidation.checked',
      actions: machineSetup.assign(({ context }) => ({
        errors: [],
        message: null,
        request: context.check(context.draft).request,
        again: false,
      })),
    },
  ],
  'purge.again': {
    target: '#invalidation.checked',
    actions: machineSetup.assign(({ event }) => ({
      request: (event as Extract<InvalidationEvent, { type: 'purge.again' }>).request,
      again: true,
      message: null,
      errors: [],
    })),
  },
} as const

export const invalidationMachine = machineSetup.createMachine({
  id: 'invalidation',
  description:
    'Invalidate cached content (issue 12): check the request, confirm a purge of everything, send it, then follow it node by node until it settled.',
  context: ({ input }) => ({
    ...input,
    draft: EMPTY,
    errors: [],
    message: null,
    request: null,
    again: false,
    current: null,
    misses: 0,
  }),
  initial: 'editing',
  on: {
    'draft.change': {
      actions: assign(({ context, event }) => ({
        draft: { ...context.draft, ...event.patch },
        // Errors of the form's earlier state stay until the next submit, except on the type, which resets them.
        errors: event.patch.type !== undefined && event.patch.type !== context.draft.type ? [] : context.errors,
      })),
    },
  },
  states: {
    editing: { on: requestTransitions },
    /** A request ready to go: everything is confirmed first. */
    checked: {
      always: [{ guard: 'purgesAll', target: 'confirming' }, { target: 'sending' }],
    },
    confirming: {
      on: {
        'purge.confirm': 'sending',
        'purge.cancel': { target: 'editing', actions: assign({ request: null }) },
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'sendPurge',
        src: 'sendPurge',
        input: ({ context }) => ({ request: context.request as PurgeRequest }),
        onDone: {
          target: 'following',
          actions: [assign(({ event }) => ({ current: event.output, misses: 0 })), 'announceChange'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            message: event.error instanceof Error ? event.error.message : String(event.error),
            // What the server said of each target is said of the form's lines only when they were sent: a
            // refused Purge again (a domain the project no longer has) leaves what the user typed unmarked.
            errors: context.again ? [] : ((event.error as { errors?: FieldError[] } | undefined)?.errors ?? []),
          })),
        },
      },
    },
    following: {
      initial: 'waiting',
      // Another request may go while this one is followed: the page follows the newest.
      on: requestTransitions,
      states: {
        waiting: {
          always: {
            guard: { type: 'settled', params: ({ context }) => ({ record: context.current as PurgeRecord }) },
            target: '#invalidation.settled',
          },
          after: { followInterval: 'reading' },
        },
        reading: {
          invoke: {
            id: 'readPurge',
            src: 'readPurge',
            input: ({ context }) => ({ name: (context.current as PurgeRecord).name }),
            onDone: [
              {
                guard: { type: 'settled', params: ({ event }) => ({ record: event.output }) },
                target: '#invalidation.settled',
                actions: [assign(({ event }) => ({ current: event.output, misses: 0 })), 'announceChange'],
              },
              { target: 'waiting', actions: assign(({ event }) => ({ current: event.output, misses: 0 })) },
            ],
            onError: [
              {
                guard: 'lostTrack',
                target: '#invalidation.settled',
                actions: assign(({ context }) => ({
                  misses: context.misses + 1,
                  message: 'The invalidation was sent, but its progress could not be read. It is in the list below.',
                })),
              },
              { target: 'waiting', actions: assign(({ context }) => ({ misses: context.misses + 1 })) },
            ],
          },
        },
      },
    },
    /** The last request's result stays shown; the form is ready for the next one. */
    settled: { on: requestTransitions },
  },
})
