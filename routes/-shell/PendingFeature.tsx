import { Modal } from '../../src/ui/Modal.tsx'

const TEXT = {
  quickSetup: {
    title: 'Quick Setup',
    body: 'The quick-setup wizard is built next. Until then, create the director and then the website from their pages or through the API.',
  },
  sync: {
    title: 'Synchronization status',
    body: 'The live synchronization view is built with the quick-setup wizard. The API already reports it at /api/core/v0/projects/{project}/sync.',
  },
} as const

/** What the Quick Setup and sync-status buttons open until their issue lands. */
export default function PendingFeature({
  which,
  open,
  onClose,
}: {
  which: keyof typeof TEXT
  open: boolean
  onClose: () => void
}) {
  return (
    <Modal open={open} title={TEXT[which].title} onClose={onClose}>
      <p>{TEXT[which].body}</p>
    </Modal>
  )
}
