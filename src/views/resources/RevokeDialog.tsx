import { ActionQuestion, type QuestionState } from './ActionQuestion.tsx'

type RevokeDialogProps = QuestionState & {
  /** 'token', 'access token' */
  one: string
  name: string
  /** The console itself is signed in with it: revoking it signs this session out. */
  yours?: boolean
}

/**
 * The question before a token is revoked: it names the token, says that it is for good, and warns when it
 * is the one this console is signed in with.
 */
export default function RevokeDialog({
  one,
  name,
  yours = false,
  pending,
  error,
  onConfirm,
  onCancel,
}: RevokeDialogProps) {
  const warning = yours ? ` This is the ${one} you are signed in with: revoking it signs you out of the console.` : ''
  return (
    <ActionQuestion
      title={`Revoke the ${one} "${name}"?`}
      text={`Every request using the ${one} "${name}" is refused from now on. A revoked ${one} cannot be made active again: create a new one instead.${warning}`}
      action="Revoke"
      danger
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  )
}
