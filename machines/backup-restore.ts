import { assign, setup } from 'xstate'
import type { RestorePlan } from '../src/domain/backup.ts'
import { actionNotProvided, notProvided } from './not-provided.ts'

/**
 * Restoring a backup (issue 12): a dry run shows what would change, the user confirms that plan, and the
 * server applies exactly it in one transaction or nothing. A project changed since the dry run is refused
 * by the server with the fresh plan, which the user reviews and confirms again: nothing is ever applied
 * that was not shown.
 */

/** The backup being restored, as the list showed it. */
export type RestoreTarget = { name: string; label: string }

/**
 * Why an apply failed; a 409 carries the plan of the project as it is now. `unsure`: no answer said
 * whether it was applied (none came, a time-out, a 5xx), so it may have been.
 */
export type RestoreFailure = Error & { freshPlan?: RestorePlan; unsure?: boolean }

export type BackupRestoreContext = {
  backup: RestoreTarget | null
  /** The plan shown for review: the dry run's, or the fresh one after a refusal. */
  plan: RestorePlan | null
  /** What the server applied. */
  applied: RestorePlan | null
  message: string | null
  /** The plan shown replaced an earlier one because the project changed meanwhile. */
  replanned: boolean
  /** The last apply's outcome is unknown: it may have been applied (its answer never came). */
  unsure: boolean
}

export type BackupRestoreEvent =
  | { type: 'restore.open'; backup: RestoreTarget }
  | { type: 'restore.confirm' }
  | { type: 'restore.retry' }
  | { type: 'restore.close' }

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

const CLOSED: BackupRestoreContext = {
  backup: null,
  plan: null,
  applied: null,
  message: null,
  replanned: false,
  unsure: false,
}

export const backupRestoreMachine = setup({
  types: { context: {} as BackupRestoreContext, events: {} as BackupRestoreEvent },
  actors: {
    planRestore: notProvided<RestorePlan, { backup: string }>('planRestore'),
    applyRestore: notProvided<RestorePlan, { backup: string; planRevision: number }>('applyRestore'),
  },
  actions: {
    /** The project's configuration changed: its lists refresh and the sync check starts. */
    announceRestored: actionNotProvided('announceRestored'),
  },
  guards: {
    planHasChanges: ({ context }) => (context.plan?.changes.length ?? 0) > 0,
    projectChangedMeanwhile: ({ event }) => (event as { error?: RestoreFailure }).error?.freshPlan !== undefined,
    wasUnsure: ({ event }) => (event as { error?: RestoreFailure }).error?.unsure === true,
  },
}).createMachine({
  id: 'backupRestore',
  description:
    'Restore a backup (issue 12): dry run, review the changes grouped by type, confirm, apply in one transaction; a project changed since the dry run shows the fresh plan to confirm again.',
  context: CLOSED,
  initial: 'closed',
  on: {
    'restore.open': {
      target: '.planning',
      actions: assign(({ event }) => ({ ...CLOSED, backup: event.backup })),
    },
  },
  states: {
    closed: {},
    planning: {
      tags: 'busy',
      invoke: {
        id: 'planRestore',
        src: 'planRestore',
        input: ({ context }) => ({ backup: context.backup?.name ?? '' }),
        onDone: { target: 'reviewing', actions: assign(({ event }) => ({ plan: event.output, message: null })) },
        onError: { target: 'planFailed', actions: assign(({ event }) => ({ message: errorText(event.error) })) },
      },
    },
    planFailed: {
      tags: 'error',
      on: { 'restore.retry': 'planning', 'restore.close': { target: 'closed', actions: assign(CLOSED) } },
    },
    reviewing: {
      on: {
        'restore.confirm': { guard: 'planHasChanges', target: 'applying' },
        'restore.close': { target: 'closed', actions: assign(CLOSED) },
      },
    },
    applying: {
      tags: 'busy',
      invoke: {
        id: 'applyRestore',
        src: 'applyRestore',
        input: ({ context }) => ({
          backup: context.backup?.name ?? '',
          planRevision: context.plan?.plan_revision ?? 0,
        }),
        onDone: {
          target: 'restored',
          actions: [assign(({ event }) => ({ applied: event.output, message: null })), 'announceRestored'],
        },
        onError: [
          // Nothing was applied; the user sees what a restore would do now and decides again.
          {
            guard: 'projectChangedMeanwhile',
            target: 'reviewing',
            actions: assign(({ event }) => ({
              plan: (event.error as RestoreFailure).freshPlan ?? null,
              replanned: true,
              unsure: false,
              message: errorText(event.error),
            })),
          },
          // No answer said (unsure): it may have been applied, so the lists are read again and the sync check
          // starts as after a restore (harmless if nothing changed). The plan stays for another try, which
          // the platform refuses with the fresh plan if the first was applied after all.
          {
            guard: 'wasUnsure',
            target: 'reviewing',
            actions: [
              assign(({ event }) => ({ message: errorText(event.error), replanned: false, unsure: true })),
              'announceRestored',
            ],
          },
          // Refused: nothing was applied; the plan stays for another try.
          {
            target: 'reviewing',
            actions: assign(({ event }) => ({ message: errorText(event.error), replanned: false, unsure: false })),
          },
        ],
      },
    },
    restored: {
      on: { 'restore.close': { target: 'closed', actions: assign(CLOSED) } },
    },
  },
})
