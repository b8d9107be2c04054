import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use } from 'react'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { type AuditEntry, restoreChanges, versionBody } from '../../src/domain/audit.ts'
import { grants } from '../../src/domain/permissions.ts'
import { queryError } from '../../src/queries/errors.ts'
import { resourceLabel } from '../../src/types/labels.ts'
import { CONFIGURATION_TYPES } from '../../src/types/registry.ts'
import { notify } from '../../src/ui/Toaster.tsx'
import { restoreNote } from '../../src/views/FieldChanges.tsx'
import type { RestoreVersionView } from '../../src/views/RestoreVersionDialog.tsx'

const root = getRouteApi('__root__')

/**
 * Whether the entry's earlier state can be restored by this user: a configuration type's earlier state,
 * with the rights to update and create it. Known from the entry and the session alone.
 */
export function restoreAllowed(entry: AuditEntry, permissions: readonly string[]): boolean {
  const type = entry.resource?.type ?? ''
  return (
    CONFIGURATION_TYPES.includes(type) &&
    versionBody(entry.changes?.before) !== null &&
    grants(permissions, `wadp.${type}.update`) &&
    grants(permissions, `wadp.${type}.create`)
  )
}

/**
 * What "Restore the state before this change" needs of an audit entry the user may restore
 * (`restoreAllowed`): the resource as it is now, the note beside the button, the dialog's view, and the
 * restore itself (an update, or a create when the resource is gone), which says so when done.
 */
export function useRestoreVersion(entry: AuditEntry, onRestored: () => void) {
  const { admin, actors } = root.useRouteContext()
  const { versions } = use(admin())
  const queryClient = useQueryClient()
  const permissions = useSelector(actors.session, selectPermissions)
  const type = entry.resource?.type ?? ''
  const allowed = restoreAllowed(entry, permissions)
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
      onRestored()
      notify(`${subject} is back to its state before this change (revision ${record.revision}).`, {
        kind: 'success',
      })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })
    },
  })
  // What a restore would change, against the resource as it is now (none known yet: against no resource).
  const restoring = restoreChanges(entry, current.data ?? null)
  const changes = current.data === undefined ? null : restoring
  const error = current.isError ? queryError.message(current.error) : null
  const view: RestoreVersionView =
    current.isFetching && !restore.isPending
      ? { status: 'loading' }
      : error !== null
        ? { status: 'failed', message: error }
        : {
            status: restore.isPending ? 'saving' : 'ready',
            exists: current.data !== null,
            changes: restoring ?? [],
            message: restore.error ? restore.error.message : null,
          }
  return {
    type,
    subject,
    note: restoreNote({ type, subject, changes, exists: current.data !== null, pending: current.isPending, error }),
    /** Nothing to put back: said beside the button instead of a dialog that would say so. */
    disabled: current.isPending || (changes !== null && changes.length === 0),
    view,
    /** Before the dialog opens: compared with the resource as it is then, not when the page loaded. */
    prepare: () => {
      restore.reset()
      void current.refetch()
    },
    confirm: () => restore.mutate(),
  }
}
