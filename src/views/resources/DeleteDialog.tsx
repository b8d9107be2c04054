import { capitalize, type ResourceUi, titleInSentence } from '../../domain/resource-ui.ts'
import { NameList, type Question, QuestionThenReport, type Report } from './ResultReport.tsx'

/** One item's outcome, as the deletion reports it. */
export type DeletionOutcome = { name: string; deleted: boolean; message: string | null }

export type DeleteDialogProps = {
  ui: Pick<ResourceUi, 'one' | 'title'>
  /** What the confirmation names; open while non-null (also while deleting). */
  items: readonly { name: string }[] | null
  deleting: boolean
  /** The name of the API token this console is signed in with, when the page shows it: deleting it signs the console out. */
  yours?: string | null
  /** The report, a result per item; open while non-null. */
  results: readonly DeletionOutcome[] | null
  onConfirm: () => void
  onCancel: () => void
  onDismiss: () => void
}

/**
 * Asks before anything goes, naming what goes, then (for a selection, or a failure) reports each item's
 * own result: one still in use must not hide that the others went.
 */
export function DeleteDialog({
  ui,
  items,
  deleting,
  yours = null,
  results,
  onConfirm,
  onCancel,
  onDismiss,
}: DeleteDialogProps) {
  const plural = titleInSentence(ui)
  let report: Report | null = null
  if (results) {
    const deleted = results.filter((result) => result.deleted).length
    report = {
      title:
        results.length === 1
          ? `${capitalize(ui.one)} ${deleted === 1 ? 'deleted' : 'not deleted'}`
          : `${deleted} of ${results.length} ${plural} deleted`,
      outcomes: results.map((result) => ({
        name: result.name,
        ok: result.deleted,
        text: result.deleted ? 'Deleted' : `Not deleted: ${result.message ?? 'the platform gave no reason.'}`,
      })),
    }
  }
  const [only] = items ?? []
  const signsOut = yours !== null && (items ?? []).some((item) => item.name === yours)
  const warning = signsOut && (
    <p>
      {items && items.length > 1 ? `"${yours}" is` : 'This is'} the {ui.one} you are signed in with: deleting it signs
      you out of the console.
    </p>
  )
  const question: Question | null = items && {
    title: items.length > 1 ? `Delete ${items.length} ${plural}?` : `Delete ${ui.one}?`,
    body:
      items.length > 1 ? (
        <div className="space-y-3">
          <p>These {plural} will be deleted. This cannot be undone.</p>
          <NameList label={`${capitalize(plural)} to delete`} names={items.map((item) => item.name)} />
          {warning}
        </div>
      ) : (
        <div className="space-y-3">
          <p>
            The {ui.one} "{only?.name}" will be deleted. This cannot be undone.
          </p>
          {warning}
        </div>
      ),
    confirm: { label: 'Delete', busyLabel: 'Deleting…', variant: 'danger' },
  }
  return (
    <QuestionThenReport
      question={question}
      busy={deleting}
      report={report}
      onConfirm={onConfirm}
      onCancel={onCancel}
      onDismiss={onDismiss}
    />
  )
}
