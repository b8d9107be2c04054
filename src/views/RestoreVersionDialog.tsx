import { Button } from '../ui/Button.tsx'
import { Modal } from '../ui/Modal.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { ChangesTable } from './AuditEntryPage.tsx'

export type RestoreVersionView =
  | { status: 'loading' }
  | { status: 'ready' | 'saving'; current: Record<string, unknown> | null; message: string | null }
  | { status: 'failed'; message: string }

type Props = {
  /** `directors api-origin`: what is put back. */
  subject: string
  version: Record<string, unknown>
  view: RestoreVersionView
  onConfirm: () => void
  onClose: () => void
}

/** "Restore this version": what changes from now, asked before the normal update puts it back. */
export default function RestoreVersionDialog({ subject, version, view, onConfirm, onClose }: Props) {
  const saving = view.status === 'saving'
  return (
    <Modal
      open
      size="lg"
      title={`Restore this version of ${subject}?`}
      onClose={onClose}
      dismissible={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          {(view.status === 'ready' || view.status === 'saving') && (
            <Button variant="danger" onClick={onConfirm} disabled={saving}>
              {saving ? 'Restoring…' : view.current ? 'Restore this version' : 'Create it again'}
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
      {(view.status === 'ready' || view.status === 'saving') && (
        <div className="flex flex-col gap-3">
          <p>
            {view.current
              ? 'The resource is saved with the values of this version, through the normal update: its rules and references are checked again, and the change is audited.'
              : 'The resource no longer exists: it is created again with the values of this version.'}
          </p>
          {view.message && (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {`Not restored: ${view.message}`}
            </p>
          )}
          <ChangesTable
            before={view.current}
            after={version}
            labels={{
              before: 'Now',
              after: 'This version',
              caption: 'Fields now and in this version; the fields a restore changes are marked',
            }}
          />
        </div>
      )}
    </Modal>
  )
}
