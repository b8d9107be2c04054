import { lazy, Suspense, useId, useState } from 'react'
import { type AuditEntry, RESTORE_ACTION } from '../../src/domain/audit.ts'
import { Button } from '../../src/ui/Button.tsx'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { useRestoreVersion } from './useRestoreVersion.ts'

// Asked only when a version is restored: the dialog's code loads then.
const RestoreVersionDialog = lazy(() => import('../../src/views/RestoreVersionDialog.tsx'))

/**
 * "Restore the state before this change" of a configuration resource: the resource is read as it is
 * now, so the button says which values it puts back, or why there is nothing to restore; the dialog
 * reads it again, shows each field's change, and on confirmation the normal update (or a create, when
 * it is gone) puts the earlier state back.
 */
export function RestoreVersion({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false)
  const noteId = useId()
  const restore = useRestoreVersion(entry, () => setOpen(false))
  if (!restore.allowed) return null
  return (
    <div className="flex max-w-md flex-col items-end gap-1">
      <Button
        variant="secondary"
        aria-describedby={noteId}
        disabled={restore.disabled}
        onClick={() => {
          restore.prepare()
          setOpen(true)
        }}
      >
        {RESTORE_ACTION}
      </Button>
      <p id={noteId} className="text-right text-sm text-slate-600 dark:text-slate-400">
        {restore.note}
      </p>
      {open && (
        <Suspense fallback={<Spinner label="Opening…" />}>
          <RestoreVersionDialog
            type={restore.type}
            subject={restore.subject}
            view={restore.view}
            onConfirm={restore.confirm}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
