import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'

type RotateSecretDialogProps = {
  /** 'node' */
  one: string
  name: string
  pending: boolean
  error: string | null
  onConfirm: () => void
  onCancel: () => void
}

/** The question before a secret is replaced: the old one stops working at once, so its user must restart with the new. */
export default function RotateSecretDialog({
  one,
  name,
  pending,
  error,
  onConfirm,
  onCancel,
}: RotateSecretDialogProps) {
  return (
    <Modal
      open
      title={`Rotate the secret of the ${one} "${name}"?`}
      onClose={onCancel}
      dismissible={!pending}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={pending}>
            Rotate secret
          </Button>
        </>
      }
    >
      <p>{`A new secret is made and shown once. The old secret stops working at once: the ${one}'s agent can no longer fetch its configuration or report until it is restarted with the new one.`}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Modal>
  )
}
