import { formatDateTime } from '../domain/datetime.ts'
import type { HealthCheck, ServiceInfo } from '../domain/platform-info.ts'
import { Modal } from '../ui/Modal.tsx'
import { type Column, Table } from '../ui/Table.tsx'

export type ServiceVersion = {
  service: string
  info?: ServiceInfo
  health?: HealthCheck[]
  /** Why the service's info or health could not be read. */
  error?: string
}

export type AppVersionsModalProps = {
  open: boolean
  onClose: () => void
  services: readonly ServiceVersion[]
}

function Health({ row }: { row: ServiceVersion }) {
  if (row.error) return <span className="text-red-700 dark:text-red-400">{row.error}</span>
  if (!row.health) return <span className="text-slate-500 dark:text-slate-400">…</span>
  const failing = row.health.filter((check) => !check.is_healthy).map((check) => check.name)
  if (failing.length === 0) return <span className="text-emerald-700 dark:text-emerald-400">Healthy</span>
  return <span className="text-amber-700 dark:text-amber-400">Unhealthy: {failing.join(', ')}</span>
}

const COLUMNS: readonly Column<ServiceVersion>[] = [
  { id: 'service', header: 'Service', rowHeader: true, cell: (row) => row.info?.name ?? row.service },
  { id: 'version', header: 'Version', cell: (row) => <span className="font-mono">{row.info?.version ?? '…'}</span> },
  {
    id: 'updated',
    header: 'Updated',
    cell: (row) => (row.info ? <time dateTime={row.info.updatedAt}>{formatDateTime(row.info.updatedAt)}</time> : '…'),
  },
  { id: 'health', header: 'Health', cell: (row) => <Health row={row} /> },
]

export function AppVersionsModal({ open, onClose, services }: AppVersionsModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="App Versions" size="lg">
      <Table caption="App Versions" columns={COLUMNS} rows={services} rowKey={(row) => row.service} />
    </Modal>
  )
}
