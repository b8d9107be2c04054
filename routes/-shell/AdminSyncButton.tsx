import { getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { Button } from '../../src/ui/Button.tsx'

const root = getRouteApi('__root__')
const SyncStatus = lazy(() => import('./SyncStatus.tsx'))

/** Starts the admin configuration check and shows its dialog (the Blocklist and Config Status pages). */
export function AdminSyncButton() {
  const { actors, shellActors } = root.useRouteContext()
  const [state, setState] = useState<'never' | 'open' | 'closed'>('never')
  return (
    <>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        onClick={() => {
          actors.adminSync.send({ type: 'sync.start', explicit: false })
          // Once the check's machine is there (it loads after the page's first paint).
          void shellActors().then(() => setState('open'))
        }}
      >
        Synchronization status
      </Button>
      {state !== 'never' && (
        <Suspense fallback={null}>
          <SyncStatus kind="admin" open={state === 'open'} onClose={() => setState('closed')} />
        </Suspense>
      )}
    </>
  )
}
