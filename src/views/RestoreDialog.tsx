import { useEffect, useRef } from 'react'
import { fieldChanges } from '../domain/audit.ts'
import { groupChanges, type RestoreChange, type RestorePlan } from '../domain/backup.ts'
import { typeLabelOf } from '../types/resource-routes.ts'
import { Button } from '../ui/Button.tsx'
import { Modal } from '../ui/Modal.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { FieldChangeList, type ListedChange } from './FieldChanges.tsx'

/** The restore machine's state as the dialog shows it. */
export type RestoreView = {
  step: 'closed' | 'planning' | 'planFailed' | 'reviewing' | 'applying' | 'restored'
  /** The machine's `busy` tag: a dry run or the restore under way, the dialog cannot be dismissed. */
  busy: boolean
  backup: { name: string; label: string } | null
  plan: RestorePlan | null
  applied: RestorePlan | null
  message: string | null
  /** The plan replaced the dry run's because the project changed meanwhile. */
  replanned: boolean
  /** The last Restore's answer never came: it may have been applied. */
  unsure: boolean
}

type RestoreDialogProps = { view: RestoreView; onConfirm: () => void; onRetry: () => void; onClose: () => void }

const ACTION_WORDS = { create: 'Created', update: 'Updated', delete: 'Deleted' } as const
const ACTION_TONES = {
  create: 'text-emerald-800 dark:text-emerald-300',
  update: 'text-sky-800 dark:text-sky-300',
  delete: 'text-red-800 dark:text-red-300',
} as const

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * An update's fields from their value now to the backup's, nested objects field by field; a field
 * whose values the plan does not carry (a secret, a long list) as changed.
 */
function valueChanges(change: RestoreChange): ListedChange[] {
  return (change.fields ?? []).flatMap((field): ListedChange[] => {
    const pair = change.values?.[field]
    if (!pair) return [{ path: field, note: 'changed (its value is not shown)' }]
    return fieldChanges({ [field]: pair.now }, { [field]: pair.backup })
  })
}

/** The plan grouped by type: what is created, updated (each field from now to the backup's) and deleted. */
export function PlanDiff({ changes, heading }: { changes: readonly RestoreChange[]; heading: string }) {
  return (
    <section aria-label={heading} className="flex flex-col gap-3">
      {groupChanges(changes).map((group) => (
        <div key={group.type}>
          <h3 className="font-semibold">{typeLabelOf(group.type)}</h3>
          {(['create', 'update', 'delete'] as const).map((action) =>
            group[action].length === 0 ? null : (
              <div key={action} className="mt-1">
                <h4 className={`text-sm font-medium ${ACTION_TONES[action]}`}>
                  {`${ACTION_WORDS[action]} (${group[action].length})`}
                </h4>
                <ul className="ml-4 list-disc text-sm">
                  {group[action].map((change) => (
                    <li key={change.name}>
                      <span className="font-mono">{change.name}</span>
                      {change.fields && change.fields.length > 0 && (
                        <FieldChangeList type={change.type} changes={valueChanges(change)} />
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ),
          )}
        </div>
      ))}
    </section>
  )
}

/** Restoring a backup, step by step: the dry run, the plan to confirm, the result. */
export default function RestoreDialog({ view, onConfirm, onRetry, onClose }: RestoreDialogProps) {
  const label = view.backup?.label ?? ''
  const changes = view.plan?.changes ?? []
  const restored = view.step === 'restored' ? view.applied : null
  // What the dry run met when it tried the plan (and undid it): the plan cannot be applied as it is.
  const refused = view.step === 'reviewing' || view.step === 'applying' ? view.plan?.refused : undefined
  const { busy } = view
  // The button that takes the focus when a step removes the one that had it (the step's safe way on),
  // checked after every render: a step, or a fresh plan with no change, can remove it.
  const safe = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const active = document.activeElement
    if (active === null || active === document.body) safe.current?.focus()
  })
  // While the restore applies, the plan's buttons stay (Restore busy, where the focus is): removing them
  // would drop the focus of whoever pressed Restore to the page's body.
  const footer =
    view.step === 'reviewing' || view.step === 'applying' ? (
      <>
        <Button variant="secondary" onClick={onClose} disabled={busy} ref={safe}>
          Cancel
        </Button>
        {changes.length > 0 && !refused && (
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {`Restore ${count(changes.length, 'change', 'changes')}`}
          </Button>
        )}
      </>
    ) : view.step === 'planFailed' ? (
      <>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onRetry} ref={safe}>
          Try again
        </Button>
      </>
    ) : view.step === 'restored' ? (
      <Button onClick={onClose} ref={safe}>
        Close
      </Button>
    ) : null
  return (
    <Modal open size="lg" title={`Restore “${label}”`} onClose={onClose} dismissible={!busy} footer={footer}>
      <div className="flex flex-col gap-4">
        {view.step === 'planning' && <Spinner label="Comparing the backup with the project (dry run)…" />}
        {view.step === 'applying' && <Spinner label="Restoring: every change in one transaction…" />}
        {view.message && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {view.replanned
              ? // In its own words: the platform's ('the project changed since the dry run (revision 7, now 8);
                // nothing was restored: review the new plan') said it once, and this sentence again.
                'The project changed after the dry run, so nothing was restored. The plan below is the project as it is now: review it, then restore again.'
              : view.step === 'planFailed'
                ? `The dry run failed: ${view.message}`
                : view.unsure
                  ? `${view.message} The platform did not say whether the restore was applied: it may have been. Restore again to find out: nothing is applied twice, and if it was applied the platform shows the project as it is now.`
                  : `Nothing was restored: ${view.message}`}
          </p>
        )}
        {refused && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {`This backup cannot be restored into the project as it is now: ${refused}. The dry run tried the changes below and undid them; nothing was changed.`}
          </p>
        )}
        {view.step === 'reviewing' &&
          (changes.length === 0 ? (
            <p>The project already matches this backup: there is nothing to restore.</p>
          ) : (
            <>
              <p>
                {`Restoring puts the project's configuration back as it was in this backup: ${count(changes.length, 'change', 'changes')}, applied together or not at all. The nodes then apply the new configuration. A changed field reads: its value now → the backup's.`}
              </p>
              <PlanDiff changes={changes} heading="Changes the restore makes" />
            </>
          ))}
        {/* There from the dialog's start, so that a screen reader reads the outcome out as it comes. */}
        <p role="status" className={restored ? undefined : 'sr-only'}>
          {restored &&
            `Restored: ${count(restored.changes.length, 'change', 'changes')} applied. The nodes are applying the configuration; the sync status shows their progress.`}
        </p>
        {restored && <PlanDiff changes={restored.changes} heading="Changes the restore made" />}
      </div>
    </Modal>
  )
}
