import { ActionQuestion, type QuestionState } from './ActionQuestion.tsx'

type RenewCertificateDialogProps = QuestionState & { domains: string }

/** The question before a certificate is renewed ahead of time. */
export default function RenewCertificateDialog({
  domains,
  pending,
  error,
  onConfirm,
  onCancel,
}: RenewCertificateDialogProps) {
  return (
    <ActionQuestion
      title="Renew this certificate now?"
      text={`A new certificate for ${domains} is ordered; the current one stays in use until it is issued.`}
      action="Renew now"
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  )
}
