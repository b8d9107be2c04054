import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'

export type ActionQuestionProps = {
  title: string
  /** What the action does, in a sentence or two (plain text). */
  text: string
  /** The confirming button's word. */
  action: string
  /** A destructive action's button is red. */
  danger?: boolean
  pending: boolean
  error: string | null
  onConfirm: () => void
  onCancel: () => void
}

/** What a question's caller gives it beyond its words: the action's progress, its error, the answers. */
export type QuestionState = Pick<ActionQuestionProps, 'pending' | 'error' | 'onConfirm' | 'onCancel'>

/**
 * The question before an action on one resource (revoke, renew, rotate a secret): what it does, Cancel
 * and the action; it cannot be dismissed while the action runs, and its error stays in it.
 */
export function ActionQuestion({
  title,
  text,
  action,
  danger,
  pending,
  error,
  onConfirm,
  onCancel,
}: ActionQuestionProps) {
  return (
    <Modal
      open
      title={title}
      onClose={onCancel}
      dismissible={!pending}
      footer={
        <>
          {/* Focus starts here, as in the delete question: Enter pressed at once does not act. */}
          <Button variant="secondary" onClick={onCancel} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button {...(danger ? { variant: 'danger' as const } : {})} onClick={onConfirm} busy={pending}>
            {action}
          </Button>
        </>
      }
    >
      <p>{text}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Modal>
  )
}
