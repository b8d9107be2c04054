import { Button } from '../ui/Button.tsx'
import { Modal } from '../ui/Modal.tsx'

type PurgeAllDialogProps = { project: string; onConfirm: () => void; onCancel: () => void }

/** The question before an invalidation of everything cached for a project, naming it. */
export default function PurgeAllDialog({ project, onConfirm, onCancel }: PurgeAllDialogProps) {
  return (
    <Modal
      open
      title="Invalidate everything?"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Invalidate everything
          </Button>
        </>
      }
    >
      <p>
        {`Every cached response of project ${project} goes from every node. Until the caches fill again, all requests reach your origins.`}
      </p>
    </Modal>
  )
}
