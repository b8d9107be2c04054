import { useMutation } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import type { StoredRecord } from '../../src/api/resources.ts'
import { capitalize, type ResourceUi } from '../../src/domain/resource-ui.ts'
import { Button } from '../../src/ui/Button.tsx'
import { notify } from '../../src/ui/Toaster.tsx'
import type { AddonContext, DetailAddons } from './ResourceDetailRoute.tsx'
import { useOneAtATime } from './useOneAtATime.ts'
import { useSessionTokenName } from './useSessionToken.ts'

type Props = { ui: ResourceUi; record: StoredRecord; context: AddonContext }

// The question's dialog loads when it is asked.
const RevokeDialog = lazy(() => import('../../src/views/resources/RevokeDialog.tsx'))

/** "Revoke" on the detail page of a revocable type (tokens, access tokens): asked first, for good. */
export function RevokeAction({ ui, record, context }: Props) {
  const { project, page } = context
  // The session's own token is warned of.
  const yours = useSessionTokenName(ui, [record]) !== null
  const [asking, setAsking] = useState(false)
  // A double click on Revoke sends one request (the second met the moved-on revision, a 409).
  const once = useOneAtATime()
  const revoke = useMutation({
    mutationFn: () => page.actions.revoke(ui, project, record),
    onSuccess: () => {
      setAsking(false)
      notify(`${capitalize(ui.one)} "${record.name}" revoked.`, { kind: 'success' })
    },
  })
  if (record.status === 'revoked') return null
  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          revoke.reset()
          setAsking(true)
        }}
      >
        Revoke
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <RevokeDialog
            one={ui.one}
            name={record.name}
            yours={yours}
            pending={revoke.isPending}
            error={revoke.error?.message ?? null}
            onConfirm={() => once(() => revoke.mutateAsync())}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      )}
    </>
  )
}

/** The detail page's addons of a revocable type: Revoke for those who may change it. */
export function revokeAddons(ui: ResourceUi): DetailAddons {
  return {
    actions: (record, context) =>
      context.can.update ? <RevokeAction ui={ui} record={record} context={context} /> : null,
  }
}
