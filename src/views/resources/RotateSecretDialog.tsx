import { ActionQuestion, type QuestionState } from './ActionQuestion.tsx'

type RotateSecretDialogProps = QuestionState & {
  /** 'node' */
  one: string
  name: string
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
    <ActionQuestion
      title={`Rotate the secret of the ${one} "${name}"?`}
      text={`A new secret is made and shown once. The old secret stops working at once: the ${one}'s agent can no longer fetch its configuration or report until it is restarted with the new one.`}
      action="Rotate secret"
      danger
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  )
}
