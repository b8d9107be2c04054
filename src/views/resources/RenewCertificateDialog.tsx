import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'

type RenewCertificateDialogProps = {
  domains: string
  pending: boolean
  error: string | null
  onConfirm: () => void
  onCancel: () => void
}

/** The question before a certificate is renewed ahead of time. */
export default function RenewCertificateDialog({
  domains,
  pending,
  error,
  onConfirm,
  onCancel,
}: RenewCertificateDialogProps) {
  return (
    <Modal
      open
      title="Renew this certificate now?"
      onClose={onCancel}
      dismissible={!pending}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} busy={pending}>
            Renew now
          </Button>
        </>
      }
    >
      <p>{`A new certificate for ${domains} is ordered; the current one stays in use until it is issued.`}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Modal>
  )
}
