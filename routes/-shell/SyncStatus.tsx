import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectSyncMessage, selectSyncRows, selectSyncStatus } from '../../machines/sync-status.selectors.ts'
import { SyncStatusModal } from '../../src/views/SyncStatusModal.tsx'

const root = getRouteApi('__root__')

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
  const status = useSelector(sync, selectSyncStatus)
  const message = useSelector(sync, selectSyncMessage)
  const rows = useSelector(sync, selectSyncRows)
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
