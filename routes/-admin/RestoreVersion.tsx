import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, use, useId, useState } from 'react'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { type AuditEntry, RESTORE_ACTION, restoreChanges, versionBody } from '../../src/domain/audit.ts'
import { grants } from '../../src/domain/permissions.ts'
import { queryError } from '../../src/queries/errors.ts'
import { resourceLabel } from '../../src/types/labels.ts'
import { CONFIGURATION_TYPES } from '../../src/types/registry.ts'
import { Button } from '../../src/ui/Button.tsx'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { notify } from '../../src/ui/Toaster.tsx'
import { restoreNote } from '../../src/views/FieldChanges.tsx'

const root = getRouteApi('__root__')
// Asked only when a version is restored: the dialog's code loads then.
const RestoreVersionDialog = lazy(() => import('../../src/views/RestoreVersionDialog.tsx'))

/**
 * "Restore the state before this change" of a configuration resource: the resource is read as it is
 * now, so the button says which values it puts back, or why there is nothing to restore; the dialog
 * reads it again, shows each field's change, and on confirmation the normal update (or a create, when
 * it is gone) puts the earlier state back.
 */
export function RestoreVersion({ entry }: { entry: AuditEntry }) {
  const { admin, actors } = root.useRouteContext()
  const { versions } = use(admin())
  const queryClient = useQueryClient()
  const permissions = useSelector(actors.session, selectPermissions)
  const [open, setOpen] = useState(false)
  const noteId = useId()
  const type = entry.resource?.type ?? ''
  const allowed =
    // The configuration types' earlier states can be put back.
    CONFIGURATION_TYPES.includes(type) &&
    versionBody(entry.changes?.before) !== null &&
    grants(permissions, `wadp.${type}.update`) &&
    grants(permissions, `wadp.${type}.create`)
  const current = useQuery({
    queryKey: ['admin', 'audit', 'current', entry.public_id],
    queryFn: () => versions.current(entry),
    enabled: allowed,
    staleTime: 0,
  })
  const subject = resourceLabel(type, entry.resource?.name ?? '')
  const restore = useMutation({
    mutationFn: () => versions.restore(entry, current.data ?? null),
    onSuccess: (record) => {
      setOpen(false)
      notify(`${subject} is back to its state before this change (revision ${record.revision}).`, {
        kind: 'success',
      })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })
    },
  })
  if (!allowed) return null
  const changes = current.data === undefined ? null : restoreChanges(entry, current.data)
  const note = restoreNote({
    type,
    subject,
    changes,
    exists: current.data !== null,
    pending: current.isPending,
    error: current.isError ? queryError.message(current.error) : null,
  })
  return (
    <div className="flex max-w-md flex-col items-end gap-1">
      <Button
        variant="secondary"
        aria-describedby={noteId}
        // Nothing to put back: said beside the button instead of a dialog that would say so.
        disabled={current.isPending || (changes !== null && changes.length === 0)}
        onClick={() => {
          restore.reset()
          setOpen(true)
          // The dialog compares with the resource as it is when opened, not when the page loaded.
          void current.refetch()
        }}
      >
        {RESTORE_ACTION}
      </Button>
      <p id={noteId} className="text-right text-sm text-slate-600 dark:text-slate-400">
        {note}
      </p>
      {open && (
        <Suspense fallback={<Spinner label="Opening…" />}>
          <RestoreVersionDialog
            type={type}
            subject={subject}
            view={
              current.isFetching && !restore.isPending
                ? { status: 'loading' }
                : current.isError
                  ? { status: 'failed', message: queryError.message(current.error) }
                  : {
                      status: restore.isPending ? 'saving' : 'ready',
                      exists: current.data !== null,
                      changes: restoreChanges(entry, current.data ?? null) ?? [],
                      message: restore.error ? restore.error.message : null,
                    }
            }
            onConfirm={() => restore.mutate()}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
