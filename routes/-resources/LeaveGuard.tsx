import { lazy, Suspense } from 'react'
import type { ResourceUi, SaveConfirmation } from '../../src/domain/resource-ui.ts'
import { Button } from '../../src/ui/Button.tsx'

// Asked only when leaving with unsaved changes: the dialog loads then.
const Modal = lazy(() =>
  import('../../src/views/resources/fields/deferred.tsx').then((module) => ({ default: module.Modal })),
)

/** The question a form with unsaved changes asks before the page is left. */
export function LeaveGuard({ ui, onStay, onLeave }: { ui: ResourceUi; onStay: () => void; onLeave: () => void }) {
  return (
    <Suspense fallback={null}>
      <Modal
        open
        title="Leave without saving?"
        onClose={onStay}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={onStay}>
              Stay
            </Button>
            <Button variant="danger" onClick={onLeave}>
              Leave
            </Button>
          </>
        }
      >
        <p>Your changes to this {ui.one} will be lost.</p>
      </Modal>
    </Suspense>
  )
}

type SaveQuestionProps = { question: SaveConfirmation; onConfirm: () => void; onCancel: () => void }

/** The question a save asks before it goes (`ui.confirmSave`): what it does, then Cancel or the action. */
export function SaveQuestion({ question, onConfirm, onCancel }: SaveQuestionProps) {
  return (
    <Suspense fallback={null}>
      <Modal
        open
        title={question.title}
        onClose={onCancel}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="primary" onClick={onConfirm}>
              {question.action}
            </Button>
          </>
        }
      >
        <p>{question.text}</p>
      </Modal>
    </Suspense>
  )
}
