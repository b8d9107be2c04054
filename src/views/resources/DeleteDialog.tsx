import { useEffect, useId } from 'react'
import { capitalize, type ResourceUi, titleInSentence } from '../../domain/resource-ui.ts'
import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'

/** One item's outcome, as the deletion reports it. */
export type DeletionOutcome = { name: string; deleted: boolean; message: string | null }

export type DeleteDialogProps = {
  ui: Pick<ResourceUi, 'one' | 'title'>
  /** What the confirmation names; open while non-null (also while deleting). */
  items: readonly { name: string }[] | null
  deleting: boolean
  /** The report, a result per item; open while non-null. */
  results: readonly DeletionOutcome[] | null
  onConfirm: () => void
  onCancel: () => void
  onDismiss: () => void
}

const listClassName =
  'max-h-64 overflow-y-auto rounded-md border border-slate-200 text-sm dark:border-slate-800 divide-y divide-slate-200 dark:divide-slate-800'

/**
 * Asks before anything goes, naming what goes, then (for a selection, or a failure) reports each item's
 * own result: one still in use must not hide that the others went.
 */
export function DeleteDialog({ ui, items, deleting, results, onConfirm, onCancel, onDismiss }: DeleteDialogProps) {
  const plural = titleInSentence(ui)
  const closeId = useId()
  const reporting = results !== null
  // The report replaces the confirmation in the same dialog: focus moves from the disabled Delete to Close.
  useEffect(() => {
    if (reporting) document.getElementById(closeId)?.focus()
  }, [reporting, closeId])
  if (results) {
    const deleted = results.filter((result) => result.deleted).length
    const title =
      results.length === 1
        ? `${capitalize(ui.one)} ${deleted === 1 ? 'deleted' : 'not deleted'}`
        : `${deleted} of ${results.length} ${plural} deleted`
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
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls, and the keyboard must be able to scroll it */}
        <ul aria-label="Results" tabIndex={0} className={listClassName}>
          {results.map((result) => (
            <li key={result.name} className="flex flex-col gap-0.5 px-3 py-2">
              <span className="font-medium break-all">{result.name}</span>
              {result.deleted ? (
                <span className="text-emerald-700 dark:text-emerald-400">Deleted</span>
              ) : (
                <span className="text-red-700 dark:text-red-400">
                  Not deleted: {result.message ?? 'the platform gave no reason.'}
                </span>
              )}
            </li>
          ))}
        </ul>
      </Modal>
    )
  }

  const [only] = items ?? []
  const title = items && items.length > 1 ? `Delete ${items.length} ${plural}?` : `Delete ${ui.one}?`
  return (
    <Modal
      open={items !== null}
      title={title}
      // Nothing to cancel once the requests are out: the dialog stays until they settle.
      dismissible={!deleting}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={deleting}>
            {deleting ? 'Deleting…' : 'Delete'}
          </Button>
        </>
      }
    >
      {items && items.length > 1 ? (
        <div className="space-y-3">
          <p>These {plural} will be deleted. This cannot be undone.</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls, and the keyboard must be able to scroll it */}
          <ul aria-label={`${capitalize(plural)} to delete`} tabIndex={0} className={listClassName}>
            {items.map((item) => (
              <li key={item.name} className="px-3 py-1.5 font-mono break-all">
                {item.name}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p>
          The {ui.one} "{only?.name}" will be deleted. This cannot be undone.
        </p>
      )}
    </Modal>
  )
}
