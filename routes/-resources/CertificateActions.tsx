import { useMutation } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import type { StoredRecord } from '../../src/api/resources.ts'
import type { CertificateStatus } from '../../src/types/le-certificates/fields.ts'
import { TRANSITIONAL_STATUSES } from '../../src/types/le-certificates/fields.ts'
import { leCertificatesUi } from '../../src/types/le-certificates/screen.ts'
import { Button } from '../../src/ui/Button.tsx'
import { notify } from '../../src/ui/Toaster.tsx'
import type { AddonContext } from './ResourceDetailRoute.tsx'
import { useOneAtATime } from './useOneAtATime.ts'

type Props = { record: StoredRecord; context: AddonContext }

// The question's dialog loads when it is asked.
const RenewDialog = lazy(() => import('../../src/views/resources/RenewCertificateDialog.tsx'))

/** A certificate's detail actions: "Renew now" (asked first), and auto-renew on or off. */
export function CertificateActions({ record, context }: Props) {
  const { project, page } = context
  const [asking, setAsking] = useState(false)
  // A double click sends one request: the second would meet the revision the first moved on (a 409).
  const once = useOneAtATime()
  const busy = TRANSITIONAL_STATUSES.includes(record.status as CertificateStatus)
  const renew = useMutation({
    mutationFn: () => page.actions.renewCertificate(leCertificatesUi, project, record),
    onSuccess: () => {
      setAsking(false)
      notify(`Certificate "${record.name}" is being renewed.`, { kind: 'success' })
    },
  })
  const autoRenew = useMutation({
    mutationFn: () => page.actions.patch(leCertificatesUi, project, record, { auto_renew: record.auto_renew !== true }),
    onSuccess: (changed) =>
      notify(`Automatic renewal ${changed.auto_renew === true ? 'on' : 'off'} for "${record.name}".`, {
        kind: 'success',
      }),
    onError: (error) => notify(error.message, { kind: 'error' }),
  })
  return (
    <>
      <Button variant="secondary" onClick={() => once(() => autoRenew.mutateAsync())} busy={autoRenew.isPending}>
        {record.auto_renew === true ? 'Turn auto-renew off' : 'Turn auto-renew on'}
      </Button>
      <Button
        onClick={() => {
          renew.reset()
          setAsking(true)
        }}
        disabled={busy}
        title={busy ? 'An order is in progress.' : undefined}
      >
        Renew now
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <RenewDialog
            domains={(record.domains as string[] | undefined)?.join(', ') ?? record.name}
            pending={renew.isPending}
            error={renew.error?.message ?? null}
            onConfirm={() => once(() => renew.mutateAsync())}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      )}
    </>
  )
}
