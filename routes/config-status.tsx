import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectIsResolving, selectPermissions } from '../machines/session.selectors.ts'
import { grants } from '../src/domain/permissions.ts'
import { PageHeading } from '../src/views/PageHeading.tsx'
import { SyncStatusPanel } from '../src/views/SyncStatusModal.tsx'
import { useSyncView } from './-shell/SyncStatus.tsx'

const route = getRouteApi('/config-status')

/** Config Status: the admin configuration's synchronization over the node fleet, checked on arrival. */
export const Route = createFileRoute('/config-status')({
  // Only for who may read the fleet (wadp.nodes.list, as the admin sync button): the platform refuses others.
  // A page loaded afresh is entered while the session is still being restored, before its permissions
  // are known: the decision waits for them (the check was left idle, "No nodes reported.").
  onEnter: ({ context }) => {
    const { session, adminSync } = context.actors
    const decide = () => {
      const snapshot = session.getSnapshot()
      if (selectIsResolving(snapshot)) return
      watch.unsubscribe()
      if (mayReadFleet(selectPermissions(snapshot))) adminSync.send({ type: 'sync.start', explicit: false })
    }
    const watch = session.subscribe(decide)
    decide()
  },
  // The check's machine comes with the page (it loads after the shell's first paint otherwise): the
  // page never says "No nodes reported." while it is on its way.
  loader: ({ context }) => context.shellActors(),
  component: ConfigStatus,
})

const mayReadFleet = (permissions: readonly string[]) => grants(permissions, 'wadp.nodes.list')

function ConfigStatus() {
  const session = route.useRouteContext({ select: (context) => context.actors.session })
  const allowed = mayReadFleet(useSelector(session, selectPermissions))
  if (!allowed)
    return (
      <div className="space-y-4">
        <PageHeading title="Config Status" />
        <p>You do not have permission to see the configuration status of the nodes.</p>
      </div>
    )
  return <ConfigStatusPanel />
}

function ConfigStatusPanel() {
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
