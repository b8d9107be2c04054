import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import {
  selectRestoreApplied,
  selectRestoreBackup,
  selectRestoreBusy,
  selectRestoreMessage,
  selectRestorePlan,
  selectRestoreReplanned,
  selectRestoreStep,
  selectRestoreUnsure,
} from '../../machines/backup-restore.selectors.ts'
import type { backupRestoreMachine } from '../../machines/backup-restore.ts'
import type { RestoreView } from '../../src/views/RestoreDialog.tsx'

type Restore = ActorRefFrom<typeof backupRestoreMachine>
type Snapshot = ReturnType<Restore['getSnapshot']>

const closedOr =
  <T>(select: (snapshot: Snapshot) => T, closed: T) =>
  (snapshot: Snapshot | undefined) =>
    snapshot ? select(snapshot) : closed

/**
 * What the backups page's restore dialog shows: "closed" until the Tool section's kit has brought the
 * project's restore (`actor` is undefined until then, when "Restore…" is disabled).
 */
export function useRestoreView(actor: Restore | undefined): RestoreView {
  return {
    step: useSelector(actor, closedOr(selectRestoreStep, 'closed')),
    busy: useSelector(actor, closedOr(selectRestoreBusy, false)),
    backup: useSelector(actor, closedOr(selectRestoreBackup, null)),
    plan: useSelector(actor, closedOr(selectRestorePlan, null)),
    applied: useSelector(actor, closedOr(selectRestoreApplied, null)),
    message: useSelector(actor, closedOr(selectRestoreMessage, null)),
    replanned: useSelector(actor, closedOr(selectRestoreReplanned, false)),
    unsure: useSelector(actor, closedOr(selectRestoreUnsure, false)),
  }
}
