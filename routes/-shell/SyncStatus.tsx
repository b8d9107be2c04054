import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { selectSyncMessage, selectSyncRows, selectSyncStatus } from '../../machines/sync-status.selectors.ts'
import type { syncStatusMachine } from '../../machines/sync-status.ts'
import { SyncStatusModal } from '../../src/views/SyncStatusModal.tsx'

const root = getRouteApi('__root__')

/** What a sync view shows of its machine: the dialog here and the Config Status page read it alike. */
export function useSyncView(sync: Pick<ActorRefFrom<typeof syncStatusMachine>, 'getSnapshot' | 'subscribe'>) {
  return {
    status: useSelector(sync, selectSyncStatus),
    message: useSelector(sync, selectSyncMessage),
    rows: useSelector(sync, selectSyncRows),
  }
}

/** The synchronization status dialog of either view (loaded on first use), driven by its sync machine. */
export default function SyncStatus({
  kind,
  open,
  onClose,
}: {
  kind: 'project' | 'admin'
  open: boolean
  onClose: () => void
}) {
  const { actors } = root.useRouteContext()
  const sync = kind === 'project' ? actors.projectSync : actors.adminSync
  const { status, message, rows } = useSyncView(sync)
  return (
    <SyncStatusModal
      open={open}
      kind={kind}
      status={status}
      message={message}
      rows={rows}
      onRecheck={() => sync.send({ type: 'sync.recheck' })}
      onClose={onClose}
    />
  )
}
