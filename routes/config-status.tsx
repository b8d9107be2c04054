import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { PageHeading } from '../src/views/PageHeading.tsx'
import { SyncStatusPanel } from '../src/views/SyncStatusModal.tsx'
import { useSyncView } from './-shell/SyncStatus.tsx'

const route = getRouteApi('/config-status')

/** Config Status: the admin configuration's synchronization over the node fleet, checked on arrival. */
export const Route = createFileRoute('/config-status')({
  onEnter: ({ context }) => context.actors.adminSync.send({ type: 'sync.start', explicit: false }),
  component: ConfigStatus,
})

function ConfigStatus() {
  const sync = route.useRouteContext({ select: (context) => context.actors.adminSync })
  const { status, message, rows } = useSyncView(sync)
  return (
    <div className="space-y-4">
      <PageHeading
        title="Config Status"
        description="Whether every node has applied the platform's latest admin configuration."
      />
      <SyncStatusPanel
        kind="admin"
        status={status}
        message={message}
        rows={rows}
        onRecheck={() => sync.send({ type: 'sync.recheck' })}
      />
    </div>
  )
}
