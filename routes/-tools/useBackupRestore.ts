import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { type ActorRefFrom, createActor } from 'xstate'
import {
  selectRestoreApplied,
  selectRestoreBackup,
  selectRestoreBusy,
  selectRestoreMessage,
  selectRestorePlan,
  selectRestoreReplanned,
  selectRestoreStep,
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
 * The backups page's restore: its actor, started once the Tool section's kit has brought the machine
 * (`machine` is null until then, when "Restore…" is disabled) and stopped with the page, and what the
 * dialog shows, "closed" until the actor exists.
 */
export function useBackupRestore(machine: typeof backupRestoreMachine | null): {
  actor: Restore | undefined
  view: RestoreView
} {
  const [actor, setActor] = useState<Restore>()
  useEffect(() => {
    if (!machine) return
    const started = createActor(machine).start()
    setActor(started)
    return () => {
      started.stop()
      setActor(undefined)
    }
  }, [machine])
  return {
    actor,
    view: {
      step: useSelector(actor, closedOr(selectRestoreStep, 'closed')),
      busy: useSelector(actor, closedOr(selectRestoreBusy, false)),
      backup: useSelector(actor, closedOr(selectRestoreBackup, null)),
      plan: useSelector(actor, closedOr(selectRestorePlan, null)),
      applied: useSelector(actor, closedOr(selectRestoreApplied, null)),
      message: useSelector(actor, closedOr(selectRestoreMessage, null)),
      replanned: useSelector(actor, closedOr(selectRestoreReplanned, false)),
    },
  }
}
