import { type FieldChange, RESTORE_ACTION } from '../domain/audit.ts'
import { Button } from '../ui/Button.tsx'
import { Modal } from '../ui/Modal.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { FieldChangesTable } from './FieldChanges.tsx'

export type RestoreVersionView =
  | { status: 'loading' }
  /** `changes`: from the resource now to its state before the entry's change; `exists`: false when it is gone. */
  | { status: 'ready' | 'saving'; exists: boolean; changes: readonly FieldChange[]; message: string | null }
  | { status: 'failed'; message: string }

type Props = {
  /** The API type, whose form labels the fields. */
  type: string
  /** `Rate limit "login-throttle"`: what is put back. */
  subject: string
  view: RestoreVersionView
  onConfirm: () => void
  onClose: () => void
}

/**
 * "Restore the state before this change": each field that changes from now, asked before the normal
 * update (or a create, when the resource is gone) puts it back.
 */
export default function RestoreVersionDialog({ type, subject, view, onConfirm, onClose }: Props) {
  const saving = view.status === 'saving'
  const ready = view.status === 'ready' || view.status === 'saving'
  return (
    <Modal
      open
      size="lg"
      title={`Restore ${subject} to its state before this change?`}
      onClose={onClose}
      dismissible={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          {ready && view.changes.length > 0 && (
            <Button variant="danger" onClick={onConfirm} disabled={saving}>
              {saving ? 'Restoring…' : view.exists ? RESTORE_ACTION : 'Create it again'}
            </Button>
          )}
        </>
      }
    >
      {view.status === 'loading' && <Spinner label={`Reading ${subject} as it is now…`} />}
      {view.status === 'failed' && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {view.message}
        </p>
      )}
      {ready && (
        <div className="flex flex-col gap-3">
          <p>
            {view.changes.length === 0
              ? `Nothing to restore: ${subject} already has the values it had before this change.`
              : view.exists
                ? 'These fields get back the values they had before this change, through the normal update: its rules and references are checked again, and the restore is audited.'
                : 'It no longer exists: it is created again with the values it had before this change.'}
          </p>
          {view.message && (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {`Not restored: ${view.message}`}
            </p>
          )}
          {view.changes.length > 0 && (
            <FieldChangesTable
              type={type}
              changes={view.changes}
              labels={{
                before: view.exists ? 'Now' : 'Now (none)',
                after: 'After the restore',
                caption: 'Fields the restore changes, now and after the restore',
              }}
            />
          )}
        </div>
      )}
    </Modal>
  )
}
