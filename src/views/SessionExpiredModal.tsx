import { SESSION_MESSAGES } from '../domain/session.ts'
import { Button } from '../ui/Button.tsx'
import { Modal } from '../ui/Modal.tsx'

export type SessionExpiredModalProps = {
  open: boolean
  /** The only way out: it logs the user out. */
  onContinue: () => void
}

export function SessionExpiredModal({ open, onContinue }: SessionExpiredModalProps) {
  return (
    <Modal
      open={open}
      onClose={onContinue}
      dismissible={false}
      title="Session expired"
      size="sm"
      footer={
        <Button onClick={onContinue} data-autofocus>
          Continue
        </Button>
      }
    >
      <p>{SESSION_MESSAGES.sessionExpired}</p>
    </Modal>
  )
}
