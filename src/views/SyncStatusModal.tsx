import type { ReactNode } from 'react'
import type { SyncKind, SyncRow, SyncRowState } from '../domain/sync.ts'
import { Button } from '../ui/Button.tsx'
import { Flag } from '../ui/Flag.tsx'
import { Modal } from '../ui/Modal.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { type Column, Table } from '../ui/Table.tsx'

/** The modal titles and column headers (spec section 2): the modal's own, not the console's start's. */
const SYNC_VIEW_TEXTS = {
  project: { title: 'Synchronization status', columns: ['Point-of-presence ID', 'State'] },
  admin: { columns: ['Node ID', 'Source', 'State'], recheck: 'Re-check' },
} as const

export type SyncViewStatus = 'idle' | 'loading' | 'success' | 'warning' | 'error'

export type SyncStatusModalProps = {
  open: boolean
  kind: SyncKind
  status: SyncViewStatus
  /** The run's result message (spec section 8), as the machine words it; null while it runs. */
  message: string | null
  rows: readonly SyncRow[]
  /** Starts a new check: "Re-check" in the admin view, "Check again" in the project view. */
  onRecheck: () => void
  onClose: () => void
}

/** The admin view's title: the spec names only the project view's. */
export const ADMIN_SYNC_TITLE = 'Admin config synchronization status'
export const PROJECT_RECHECK_LABEL = 'Check again'

/** What each State icon is announced as. */
export const SYNC_STATE_LABELS: Record<SyncRowState, string> = {
  updated: 'Synchronized',
  loading: 'Synchronizing',
  notSynchronized: 'Not synchronized',
  maintenance: 'In maintenance',
  unavailable: 'Unavailable',
}

const ICON = 'size-5'

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`${ICON} text-emerald-600`}>
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  )
}

function CrossIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`${ICON} text-red-600`}>
      <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
    </svg>
  )
}

function WrenchIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`${ICON} text-slate-500 dark:text-slate-400`}
    >
      <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76Z" />
    </svg>
  )
}

function WarningIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`${ICON} text-amber-500`}>
      <path
        fillRule="evenodd"
        d="M8.49 2.87a1.75 1.75 0 0 1 3.02 0l6.28 10.9A1.75 1.75 0 0 1 16.28 16.4H3.72a1.75 1.75 0 0 1-1.51-2.63L8.49 2.87ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  )
}

const STATE_ICONS: Record<SyncRowState, () => ReactNode> = {
  updated: CheckIcon,
  loading: () => <Spinner className="text-teal-600" />,
  notSynchronized: CrossIcon,
  maintenance: WrenchIcon,
  unavailable: WarningIcon,
}

export function SyncStateIcon({ state }: { state: SyncRowState }) {
  const Icon = STATE_ICONS[state]
  return (
    <span role="img" aria-label={SYNC_STATE_LABELS[state]} title={SYNC_STATE_LABELS[state]} className="inline-flex">
      <Icon />
    </span>
  )
}

/** The node, and under it why it does not run the change (Varnish's compiler's words), as plain text. */
function NodeId({ row }: { row: SyncRow }) {
  return (
    <span className="flex flex-col gap-1">
      <span className="inline-flex items-center gap-2">
        <Flag code={row.country} />
        <span className="font-mono text-xs">{row.endpoint}</span>
      </span>
      {row.message && (
        <span
          data-sync-message=""
          className={`max-w-2xl font-mono text-xs font-normal break-words whitespace-pre-wrap ${
            row.state === 'notSynchronized' ? MESSAGE_TONES.error : MESSAGE_TONES.idle
          }`}
        >
          {row.message}
        </span>
      )}
    </span>
  )
}

function columnsFor(kind: SyncKind): readonly Column<SyncRow>[] {
  const state: Column<SyncRow> = {
    id: 'state',
    header: '',
    width: '6rem',
    cell: (row) => <SyncStateIcon state={row.state} />,
  }
  if (kind === 'project') {
    const [nodeHeader, stateHeader] = SYNC_VIEW_TEXTS.project.columns
    return [
      { id: 'node', header: nodeHeader, rowHeader: true, cell: (row) => <NodeId row={row} /> },
      { ...state, header: stateHeader },
    ]
  }
  const [nodeHeader, sourceHeader, stateHeader] = SYNC_VIEW_TEXTS.admin.columns
  return [
    { id: 'node', header: nodeHeader, rowHeader: true, cell: (row) => <NodeId row={row} /> },
    { id: 'source', header: sourceHeader, cell: (row) => row.source },
    { ...state, header: stateHeader },
  ]
}

const MESSAGE_TONES: Record<SyncViewStatus, string> = {
  idle: 'text-slate-600 dark:text-slate-400',
  loading: 'text-slate-600 dark:text-slate-400',
  success: 'text-emerald-700 dark:text-emerald-400',
  warning: 'text-amber-700 dark:text-amber-400',
  error: 'text-red-700 dark:text-red-400',
}

export type SyncStatusPanelProps = Omit<SyncStatusModalProps, 'open' | 'onClose'>

/** The modal's content, also usable on a page (the admin config status is shown on /config-status). */
export function SyncStatusPanel({ kind, status, message, rows, onRecheck }: SyncStatusPanelProps) {
  const title = kind === 'project' ? SYNC_VIEW_TEXTS.project.title : ADMIN_SYNC_TITLE
  // The live regions stay mounted so a message that appears later is announced.
  const statusText = status === 'error' ? null : (message ?? (status === 'loading' ? 'Checking…' : null))
  return (
    <div className="flex flex-col gap-3">
      <div className="flex min-h-9 items-center justify-between gap-3">
        <div className="flex items-center gap-2 text-sm">
          {status === 'loading' && <Spinner size="sm" className="text-teal-600" />}
          <p role="status" className={MESSAGE_TONES[status]}>
            {statusText}
          </p>
          <p role="alert" className={MESSAGE_TONES.error}>
            {status === 'error' ? message : null}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onRecheck}>
          {kind === 'admin' ? SYNC_VIEW_TEXTS.admin.recheck : PROJECT_RECHECK_LABEL}
        </Button>
      </div>
      <Table
        caption={title}
        columns={columnsFor(kind)}
        rows={rows}
        rowKey={(row) => row.endpoint}
        // A failed check read no node: it does not say that none reported.
        empty={
          status === 'loading'
            ? 'Waiting for the nodes…'
            : status === 'error'
              ? 'The nodes could not be read.'
              : 'No nodes reported.'
        }
      />
    </div>
  )
}

export function SyncStatusModal({ open, onClose, ...panel }: SyncStatusModalProps) {
  const title = panel.kind === 'project' ? SYNC_VIEW_TEXTS.project.title : ADMIN_SYNC_TITLE
  return (
    <Modal open={open} onClose={onClose} title={title} size="lg">
      <SyncStatusPanel {...panel} />
    </Modal>
  )
}
