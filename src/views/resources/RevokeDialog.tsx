import { ActionQuestion, type QuestionState } from './ActionQuestion.tsx'

type RevokeDialogProps = QuestionState & {
  /** 'token', 'access token' */
  one: string
  name: string
}

/** The question before a token is revoked: it names the token, and says that it is for good. */
export default function RevokeDialog({ one, name, pending, error, onConfirm, onCancel }: RevokeDialogProps) {
  return (
    <ActionQuestion
      title={`Revoke the ${one} "${name}"?`}
      text={`Every request using the ${one} "${name}" is refused from now on. A revoked ${one} cannot be made active again: create a new one instead.`}
      action="Revoke"
      danger
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  )
}
