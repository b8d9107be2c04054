import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import { selectUser } from '../../machines/session.selectors.ts'
import type { StoredRecord } from '../../src/api/resources.ts'
import type { RoleName } from '../../src/domain/role-names.ts'
import { Button } from '../../src/ui/Button.tsx'
import type { DetailAddons } from '../-resources/ResourceDetailRoute.tsx'
import { useOneAtATime } from '../-resources/useOneAtATime.ts'
import type { ResourcePage } from '../-resources/useResourcePage.ts'
import { requestOf } from './requestOf.ts'
import { UserActivityPanels } from './UserActivityPanels.tsx'
import { useUserChanges } from './useUserChanges.ts'

const root = getRouteApi('__root__')

// The dialogs (Headless UI's Dialog) load when one is first opened.
const dialogs = () => import('../../src/views/UserDialogs.tsx')
const RolesDialog = lazy(() => dialogs().then((module) => ({ default: module.RolesDialog })))
const StatusDialog = lazy(() => dialogs().then((module) => ({ default: module.StatusDialog })))

/** /users-detail: disable or enable and change roles (each asked first), then what the user owns and did. */
export const userDetailAddons: DetailAddons = {
  actions: (record, { page }) => (page.can.update ? <UserActions record={record} page={page} /> : null),
  content: (record) => <UserActivityPanels record={record} />,
}

const rolesOf = (record: StoredRecord) => (Array.isArray(record.roles) ? (record.roles as RoleName[]) : [])

function UserActions({ record, page }: { record: StoredRecord; page: ResourcePage }) {
  const { actors } = root.useRouteContext()
  // Nobody disables themselves (the server refuses it too): no one would be left to undo it.
  const yourself = useSelector(actors.session, (snapshot) => selectUser(snapshot)?.email === record.name)
  const [asking, setAsking] = useState<'status' | 'roles' | null>(null)
  const disable = record.status !== 'disabled'
  const close = () => setAsking(null)
  const { status, roles } = useUserChanges(record, page, close)
  // A double click sends one request (the second met the revision the first moved on, a 409).
  const once = useOneAtATime()
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          roles.reset()
          setAsking('roles')
        }}
      >
        Change roles
      </Button>
      {!(yourself && disable) && (
        <Button
          variant={disable ? 'danger' : 'primary'}
          onClick={() => {
            status.reset()
            setAsking('status')
          }}
        >
          {disable ? 'Disable' : 'Enable again'}
        </Button>
      )}
      <Suspense fallback={null}>
        {asking === 'status' && (
          <StatusDialog
            open
            email={record.name}
            disable={disable}
            request={requestOf(status)}
            onConfirm={() => once(() => status.mutateAsync())}
            onClose={close}
          />
        )}
        {/* Mounted while open: it starts from the roles the user has now (a stale answer refreshes them). */}
        {asking === 'roles' && (
          <RolesDialog
            key={record.revision}
            open
            email={record.name}
            roles={rolesOf(record)}
            request={requestOf(roles)}
            onSave={(chosen) => once(() => roles.mutateAsync(chosen))}
            onClose={close}
          />
        )}
      </Suspense>
    </>
  )
}
