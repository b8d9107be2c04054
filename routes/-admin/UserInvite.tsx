import { useMutation } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import type { UserInviteData } from '../../src/types/users/fields.ts'
import { usersUi } from '../../src/types/users/screen.ts'
import { Button } from '../../src/ui/Button.tsx'
import { notify } from '../../src/ui/Toaster.tsx'
import type { ListAddons } from '../-resources/ProjectList.tsx'
import { useOneAtATime } from '../-resources/useOneAtATime.ts'
import type { ResourcePage } from '../-resources/useResourcePage.ts'
import { requestOf } from './requestOf.ts'

// The dialog (Headless UI's Dialog) loads when it is first opened.
const InviteUserDialog = lazy(() =>
  import('../../src/views/UserDialogs.tsx').then((module) => ({ default: module.InviteUserDialog })),
)

/** /users: "Invite a user" beside the list, for an admin who may create users. */
export const userListAddons: ListAddons = {
  actions: ({ page }) => (page.can.create ? <InviteUser page={page} /> : null),
}

function InviteUser({ page }: { page: ResourcePage }) {
  const [open, setOpen] = useState(false)
  // A double click on Invite sends one request (the second was refused: the address was taken by the first).
  const once = useOneAtATime()
  const invite = useMutation({
    mutationFn: (values: UserInviteData) => page.actions.create(usersUi, '', { ...values, status: 'invited' }),
    onSuccess: (user) => {
      setOpen(false)
      notify(`${user.name} was invited.`, { kind: 'success' })
    },
  })
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          invite.reset()
          setOpen(true)
        }}
      >
        Invite a user
      </Button>
      {/* Mounted only while open: each opening starts an empty form. */}
      {open && (
        <Suspense fallback={null}>
          <InviteUserDialog
            open
            request={requestOf(invite)}
            onInvite={(values) => once(() => invite.mutateAsync(values))}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  )
}
