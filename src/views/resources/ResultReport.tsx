import { useEffect, useId } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'

/** One item's outcome in a report: its name, whether it went through, and what to say of it. */
export type Outcome = { name: string; ok: boolean; text: string }

const listClassName =
  'max-h-64 overflow-y-auto rounded-md border border-slate-200 text-sm dark:border-slate-800 divide-y divide-slate-200 dark:divide-slate-800'

/**
 * The report that replaces a confirmation in the same dialog once its requests have settled (a
 * deletion, a maintenance change): each item's own outcome, or why nothing ran. Focus moves from the
 * confirmation's disabled button to Close.
 */
export function ResultReport({
  title,
  outcomes,
  error = null,
  onDismiss,
}: {
  title: string
  outcomes: readonly Outcome[]
  error?: string | null
  onDismiss: () => void
}) {
  const closeId = useId()
  useEffect(() => {
    document.getElementById(closeId)?.focus()
  }, [closeId])
  return (
    <Modal
      open
      title={title}
      onClose={onDismiss}
      footer={
        <Button id={closeId} variant="secondary" onClick={onDismiss} data-autofocus>
          Close
        </Button>
      }
    >
      {error ? (
        <p role="alert">{error}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls, and the keyboard must be able to scroll it
        <ul aria-label="Results" tabIndex={0} className={listClassName}>
          {outcomes.map((outcome) => (
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
