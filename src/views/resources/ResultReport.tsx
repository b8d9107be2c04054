import { type ReactNode, useEffect, useId } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'

/** One item's outcome in a report: its name, whether it went through, and what to say of it. */
export type Outcome = { name: string; ok: boolean; text: string }

const listClassName =
  'max-h-64 overflow-y-auto rounded-md border border-slate-200 text-sm dark:border-slate-800 divide-y divide-slate-200 dark:divide-slate-800'

/** A question asked before requests go out: its title, what it says, and its confirming button. */
export type Question = {
  title: string
  body: ReactNode
  confirm: { label: string; busyLabel: string; variant: 'primary' | 'danger' }
}

/** What the requests came to: each item's own outcome, or why nothing ran. */
export type Report = { title: string; outcomes: readonly Outcome[]; error?: string | null }

/** The report's Close button, which takes focus from the question's disabled button when it appears. */
function ReportClose({ onDismiss }: { onDismiss: () => void }) {
  const id = useId()
  useEffect(() => {
    document.getElementById(id)?.focus()
  }, [id])
  return (
    <Button id={id} variant="secondary" onClick={onDismiss} data-autofocus>
      Close
    </Button>
  )
}

/**
 * A question (a deletion, a maintenance change), then in the same dialog the report that replaces it once
 * its requests have settled. One dialog throughout, so that closing the report gives focus back to the
 * button that asked the question. Open while either is non-null.
 */
export function QuestionThenReport({
  question,
  busy,
  report,
  onConfirm,
  onCancel,
  onDismiss,
}: {
  question: Question | null
  /** The requests are out: nothing to cancel, and the dialog stays until they settle. */
  busy: boolean
  report: Report | null
  onConfirm: () => void
  onCancel: () => void
  onDismiss: () => void
}) {
  return (
    <Modal
      open={question !== null || report !== null}
      title={report?.title ?? question?.title ?? ''}
      dismissible={report !== null || !busy}
      onClose={report ? onDismiss : onCancel}
      footer={
        report ? (
          <ReportClose onDismiss={onDismiss} />
        ) : (
          <>
            <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
              Cancel
            </Button>
            <Button variant={question?.confirm.variant ?? 'primary'} onClick={onConfirm} busy={busy}>
              {busy ? question?.confirm.busyLabel : question?.confirm.label}
            </Button>
          </>
        )
      }
    >
      {!report ? (
        question?.body
      ) : report.error ? (
        <p role="alert">{report.error}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls, and the keyboard must be able to scroll it
        <ul aria-label="Results" tabIndex={0} className={listClassName}>
          {report.outcomes.map((outcome) => (
            <li key={outcome.name} className="flex flex-col gap-0.5 px-3 py-2">
              <span className="font-medium break-all">{outcome.name}</span>
              <span
                className={outcome.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}
              >
                {outcome.text}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  )
}

/** The names a confirmation is about, in a list the keyboard can scroll. */
export function NameList({ label, names }: { label: string; names: readonly string[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls, and the keyboard must be able to scroll it
    <ul aria-label={label} tabIndex={0} className={listClassName}>
      {names.map((name) => (
        <li key={name} className="px-3 py-1.5 font-mono break-all">
          {name}
        </li>
      ))}
    </ul>
  )
}
