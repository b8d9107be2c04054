import { useMutation } from '@tanstack/react-query'
import type { StoredRecord } from '../../src/api/resources.ts'
import type { RoleName } from '../../src/domain/role-names.ts'
import { usersUi } from '../../src/types/users/screen.ts'
import { notify } from '../../src/ui/Toaster.tsx'
import type { ResourcePage } from '../-resources/useResourcePage.ts'

/** Disabling or enabling the user, and changing their roles: each closes its dialog and says so when done. */
export function useUserChanges(record: StoredRecord, page: ResourcePage, done: () => void) {
  const disable = record.status !== 'disabled'
  const status = useMutation({
    mutationFn: () => page.actions.patch(usersUi, '', record, { status: disable ? 'disabled' : 'active' }),
    onSuccess: (user) => {
      done()
      notify(`${user.name} is ${user.status === 'disabled' ? 'disabled' : 'enabled again'}.`, { kind: 'success' })
    },
  })
  const roles = useMutation({
    mutationFn: (chosen: RoleName[]) => page.actions.patch(usersUi, '', record, { roles: chosen }),
    onSuccess: (user) => {
      done()
      notify(`The roles of ${user.name} were saved.`, { kind: 'success' })
    },
  })
  return { status, roles }
}
