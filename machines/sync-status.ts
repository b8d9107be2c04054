import { assign, emit, setup } from 'xstate'
import { SYNC_MESSAGES, type SyncKind, type SyncState } from '../src/domain/sync.ts'
import { notProvided } from './not-provided.ts'

/** Spec section 9. */
export const MAX_SYNC_ATTEMPTS = 300
export const SYNC_POLL_INTERVAL_MS = 1000

export type SyncResult = 'success' | 'warning' | 'error'

export interface SyncStatusInput {
  kind: SyncKind
  project?: string | null
  /** The project modal checks as soon as it exists; a view created before any change waits for `sync.start`. */
  autoStart: boolean
  /** Tests and path generation lower it to keep the state space small; the product keeps 300. */
  maxAttempts?: number
}

export interface SyncStatusContext {
  kind: SyncKind
  project: string | null
  autoStart: boolean
  maxAttempts: number
  /** Whether the user asked for this run: only then does the app show a notification. */
  explicit: boolean
  /** Polls answered in this run. */
  attempts: number
  /** Endpoints reported updated at any poll of this run (an array so the snapshot stays serializable). */
  seenUpdated: string[]
  /** The last answer of this run: a per-run poll snapshot the rows are drawn from, not a cached server list. */
  latest: SyncState | null
  /** How the run ended, and the message to show; null while it runs. */
  result: SyncResult | null
  message: string | null
}

export type SyncStatusEvent =
  | { type: 'sync.start'; explicit: boolean }
  /** The admin view's Re-check button. */
  | { type: 'sync.recheck' }
  | { type: 'sync.projectChanged'; project: string | null }

export type SyncStatusEmitted = {
  type: 'sync.finished'
  kind: SyncKind
  result: SyncResult
  message: string
  explicit: boolean
}

/** `busy` while a run polls; the others name how the last run ended. */
export type SyncStatusTag = 'busy' | SyncResult

export interface FetchSyncStateInput {
  kind: SyncKind
  project: string | null
}

/** The thrown message when there is one (spec section 8), else the fallback. */
export function failureMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message
  if (typeof error === 'string' && error.trim() !== '') return error
  return SYNC_MESSAGES.failed
}

function newRun(explicit: boolean) {
  return { explicit, attempts: 0, seenUpdated: [], latest: null, result: null, message: null }
}

const syncStatusSetup = setup({
  types: {
    context: {} as SyncStatusContext,
    events: {} as SyncStatusEvent,
    emitted: {} as SyncStatusEmitted,
    input: {} as SyncStatusInput,
    tags: {} as SyncStatusTag,
  },
  actors: {
    fetchSyncState: notProvided<SyncState, FetchSyncStateInput>('fetchSyncState'),
  },
  delays: { pollInterval: SYNC_POLL_INTERVAL_MS },
  guards: {
    shouldAutoStart: ({ context }) => context.autoStart && (context.kind === 'admin' || context.project !== null),
    hasSomethingToCheck: ({ context }) => context.kind === 'admin' || context.project !== null,
    isOtherProject: ({ context }, { project }: { project: string | null }) =>
      context.kind === 'project' && project !== context.project,
    isProjectCleared: ({ context }, { project }: { project: string | null }) =>
      context.kind === 'project' && project === null && context.project !== null,
    hasResponseError: (_, { state }: { state: SyncState }) => state.error !== null,
    isUpdated: (_, { state }: { state: SyncState }) => state.updated,
    isFinished: (_, { state }: { state: SyncState }) => state.finished,
    // Guards run before the transition's actions: the answer being handled is attempt `attempts + 1`.
    isLastAttempt: ({ context }) => context.attempts + 1 >= context.maxAttempts,
  },
  actions: {
    beginRun: assign((_, { explicit }: { explicit: boolean }) => newRun(explicit)),
    recordAnswer: assign(({ context }, { state }: { state: SyncState }) => {
      const seen = new Set(context.seenUpdated)
      for (const detail of state.details) if (detail.updated) seen.add(detail.endpoint)
      return { attempts: context.attempts + 1, latest: state, seenUpdated: [...seen] }
    }),
    settle: assign((_, outcome: { result: SyncResult; message: string }) => outcome),
    // Reads only the context (set by `settle`), so tools that render the machine can call it bare.
    announce: emit(({ context }) => ({
      type: 'sync.finished' as const,
      kind: context.kind,
      result: context.result ?? 'error',
      message: context.message ?? SYNC_MESSAGES.failed,
      explicit: context.explicit,
    })),
  },
})

const answer = ({ event }: { event: { output: SyncState } }) => ({ state: event.output })

export const syncStatusMachine = syncStatusSetup.createMachine({
  id: 'syncStatus',
  description:
    'A configuration sync check (spec section 4), for a project or the admin config: polls every 1 s, at most 300 times, and ends in success, warning or error.',
  context: ({ input }) => ({
    kind: input.kind,
    // The admin config is not a project's: its fetch never names one.
    project: input.kind === 'project' ? (input.project ?? null) : null,
    autoStart: input.autoStart,
    maxAttempts: input.maxAttempts ?? MAX_SYNC_ATTEMPTS,
    ...newRun(false),
  }),
  initial: 'starting',
  on: {
    // From the root, the active state is exited: a poll in flight or a pending timer is dropped.
    'sync.start': {
      guard: 'hasSomethingToCheck',
      target: '.loading',
      actions: { type: 'beginRun', params: ({ event }) => ({ explicit: event.explicit }) },
    },
    'sync.recheck': {
      guard: 'hasSomethingToCheck',
      target: '.loading',
      actions: { type: 'beginRun', params: { explicit: true } },
    },
    // The old project's answers say nothing about the new one: a fresh, silent run (or none without a project).
    'sync.projectChanged': [
      {
        guard: { type: 'isProjectCleared', params: ({ event }) => ({ project: event.project }) },
        target: '.idle',
        actions: [assign({ project: null }), { type: 'beginRun', params: { explicit: false } }],
      },
      {
        guard: { type: 'isOtherProject', params: ({ event }) => ({ project: event.project }) },
        target: '.loading',
        actions: [assign({ project: ({ event }) => event.project }), { type: 'beginRun', params: { explicit: false } }],
      },
    ],
  },
  states: {
    starting: {
      always: [{ guard: 'shouldAutoStart', target: 'loading' }, { target: 'idle' }],
    },
    idle: {},
    loading: {
      tags: 'busy',
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchSyncState',
            src: 'fetchSyncState',
            input: ({ context }) => ({ kind: context.kind, project: context.project }),
            onDone: [
              {
                guard: { type: 'hasResponseError', params: answer },
                target: '#syncStatus.error',
                actions: [
                  { type: 'recordAnswer', params: answer },
                  {
                    type: 'settle',
                    params: ({ event }) => ({ result: 'error', message: failureMessage(event.output.error) }),
                  },
                ],
              },
              {
                guard: { type: 'isUpdated', params: answer },
                target: '#syncStatus.success',
                actions: [
                  { type: 'recordAnswer', params: answer },
                  {
                    type: 'settle',
                    params: ({ context }) => ({ result: 'success', message: SYNC_MESSAGES.success[context.kind] }),
                  },
                ],
              },
              // Finished but not updated: every node that can still apply the change has tried.
              {
                guard: { type: 'isFinished', params: answer },
                target: '#syncStatus.warning',
                actions: [
                  { type: 'recordAnswer', params: answer },
                  { type: 'settle', params: { result: 'warning', message: SYNC_MESSAGES.warning } },
                ],
              },
              {
                guard: 'isLastAttempt',
                target: '#syncStatus.warning',
                actions: [
                  { type: 'recordAnswer', params: answer },
                  { type: 'settle', params: { result: 'warning', message: SYNC_MESSAGES.warning } },
                ],
              },
              { target: 'waiting', actions: { type: 'recordAnswer', params: answer } },
            ],
            // A failed request ends the run at once with its message (spec section 8) rather than being
            // retried: 300 retries of a call that times out after 5 s would hide the reason for 30 minutes.
            onError: {
              target: '#syncStatus.error',
              actions: {
                type: 'settle',
                params: ({ event }) => ({ result: 'error', message: failureMessage(event.error) }),
              },
            },
          },
        },
        waiting: {
          after: { pollInterval: 'fetching' },
        },
      },
    },
    success: { tags: 'success', entry: 'announce' },
    warning: { tags: 'warning', entry: 'announce' },
    error: { tags: 'error', entry: 'announce' },
  },
})
