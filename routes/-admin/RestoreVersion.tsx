import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { type AuditEntry, RESTORE_ACTION } from '../../src/domain/audit.ts'
import { Button } from '../../src/ui/Button.tsx'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { restoreNote } from '../../src/views/FieldChanges.tsx'
import { restoreAllowed, useRestoreVersion } from './useRestoreVersion.ts'

// Asked only when a version is restored: the dialog's code loads then.
const RestoreVersionDialog = lazy(() => import('../../src/views/RestoreVersionDialog.tsx'))

const root = getRouteApi('__root__')

/**
 * "Restore the state before this change" of a configuration resource: the resource is read as it is
 * now, so the button says which values it puts back, or why there is nothing to restore; the dialog
 * reads it again, shows each field's change, and on confirmation the normal update (or a create, when
 * it is gone) puts the earlier state back. The entry is drawn without waiting for the Admin section's
 * kit, which reads the resource and restores it: until the kit is here the button stands as it does
 * while the resource is being read.
 */
export function RestoreVersion({ entry }: { entry: AuditEntry }) {
  const { actors } = root.useRouteContext()
  const permissions = useSelector(actors.session, selectPermissions)
  if (!restoreAllowed(entry, permissions)) return null
  const comparing = restoreNote({ type: '', subject: '', changes: null, exists: true, pending: true, error: null })
  return (
    <Suspense fallback={<RestoreFrame disabled note={comparing} onRestore={() => {}} />}>
      <Restore entry={entry} />
    </Suspense>
  )
}

function Restore({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false)
  const restore = useRestoreVersion(entry, () => setOpen(false))
  return (
    <RestoreFrame
      disabled={restore.disabled}
      note={restore.note}
      onRestore={() => {
        restore.prepare()
        setOpen(true)
      }}
    >
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
    </RestoreFrame>
  )
}

function RestoreFrame(props: { disabled: boolean; note: string; onRestore: () => void; children?: ReactNode }) {
  const noteId = useId()
  return (
    <div className="flex max-w-md flex-col items-end gap-1">
      <Button variant="secondary" aria-describedby={noteId} disabled={props.disabled} onClick={props.onRestore}>
        {RESTORE_ACTION}
      </Button>
      <p id={noteId} className="text-right text-sm text-slate-600 dark:text-slate-400">
        {props.note}
      </p>
      {props.children}
    </div>
  )
}
