import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, use, useState } from 'react'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { type AuditEntry, versionBody } from '../../src/domain/audit.ts'
import { grants } from '../../src/domain/permissions.ts'
import { queryError } from '../../src/queries/errors.ts'
import { CONFIGURATION_TYPES } from '../../src/types/registry.ts'
import { Button } from '../../src/ui/Button.tsx'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { notify } from '../../src/ui/Toaster.tsx'

const root = getRouteApi('__root__')
// Asked only when a version is restored: the dialog's code loads then.
const RestoreVersionDialog = lazy(() => import('../../src/views/RestoreVersionDialog.tsx'))

/**
 * "Restore this version" of a configuration resource's earlier state: the current one is read, the
 * difference shown, and on confirmation the normal update (or a create, when it is gone) puts it back.
 */
export function RestoreVersion({ entry }: { entry: AuditEntry }) {
  const { admin, actors } = root.useRouteContext()
  const { versions } = use(admin())
  const queryClient = useQueryClient()
  const permissions = useSelector(actors.session, selectPermissions)
  const [open, setOpen] = useState(false)
  const version = versionBody(entry.changes?.before)
  const type = entry.resource?.type ?? ''
  const current = useQuery({
    queryKey: ['admin', 'audit', 'current', entry.public_id],
    queryFn: () => versions.current(entry),
    enabled: open,
    staleTime: 0,
  })
  const restore = useMutation({
    mutationFn: () => versions.restore(entry, current.data ?? null),
    onSuccess: (record) => {
      setOpen(false)
      notify(`${type} ${record.name}: this version is back (revision ${record.revision}).`, { kind: 'success' })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })
    },
  })
  const allowed =
    // The configuration types' earlier versions can be put back ("Restore this version").
    CONFIGURATION_TYPES.includes(type) &&
    version !== null &&
    grants(permissions, `wadp.${type}.update`) &&
    grants(permissions, `wadp.${type}.create`)
  if (!allowed) return null
  const subject = `${type} ${entry.resource?.name ?? ''}`
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          restore.reset()
          setOpen(true)
        }}
      >
        Restore this version
      </Button>
      {open && (
        <Suspense fallback={<Spinner label="Opening…" />}>
          <RestoreVersionDialog
            subject={subject}
            version={version}
            view={
              current.isPending
                ? { status: 'loading' }
                : current.isError
                  ? { status: 'failed', message: queryError.message(current.error) }
                  : {
                      status: restore.isPending ? 'saving' : 'ready',
                      current: current.data ? versionBody(current.data) : null,
                      message: restore.error ? restore.error.message : null,
                    }
            }
            onConfirm={() => restore.mutate()}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  )
}
