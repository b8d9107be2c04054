import type { SnapshotFrom } from 'xstate'
import type { backupRestoreMachine } from './backup-restore.ts'

type Snapshot = SnapshotFrom<typeof backupRestoreMachine>

/** Which step of the restore the dialog shows; `closed` shows none. */
export const selectRestoreStep = (snapshot: Snapshot) =>
  snapshot.matches('planning')
    ? 'planning'
    : snapshot.matches('planFailed')
      ? 'planFailed'
      : snapshot.matches('reviewing')
        ? 'reviewing'
        : snapshot.matches('applying')
          ? 'applying'
          : snapshot.matches('restored')
            ? 'restored'
            : 'closed'
/** A dry run or the restore itself under way (the `busy` tag). */
export const selectRestoreBusy = (snapshot: Snapshot) => snapshot.hasTag('busy')
export const selectRestoreBackup = (snapshot: Snapshot) => snapshot.context.backup
export const selectRestorePlan = (snapshot: Snapshot) => snapshot.context.plan
export const selectRestoreApplied = (snapshot: Snapshot) => snapshot.context.applied
export const selectRestoreMessage = (snapshot: Snapshot) => snapshot.context.message
export const selectRestoreReplanned = (snapshot: Snapshot) => snapshot.context.replanned
export const selectRestoreUnsure = (snapshot: Snapshot) => snapshot.context.unsure
