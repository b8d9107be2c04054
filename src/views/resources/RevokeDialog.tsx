import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'

type RevokeDialogProps = {
  /** 'token', 'access token' */
  one: string
  name: string
  pending: boolean
  error: string | null
  onConfirm: () => void
  onCancel: () => void
}

/** The question before a token is revoked: it names the token, and says that it is for good. */
export default function RevokeDialog({ one, name, pending, error, onConfirm, onCancel }: RevokeDialogProps) {
  return (
    <Modal
      open
      title={`Revoke the ${one} "${name}"?`}
      onClose={onCancel}
      dismissible={!pending}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={pending}>
            Revoke
          </Button>
        </>
      }
    >
      <p>{`Every request using the ${one} "${name}" is refused from now on. A revoked ${one} cannot be made active again: create a new one instead.`}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Modal>
  )
}
