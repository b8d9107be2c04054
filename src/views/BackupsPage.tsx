import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react'
import type { BackupRecord, BackupStatus, BackupTrigger } from '../domain/backup.ts'
import { formatDateTime } from '../domain/datetime.ts'
import { PAGE_HEADINGS, pageDescription } from '../domain/page-headings.ts'
import { timesNote } from '../domain/time-zone.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { type Column, Table } from '../ui/Table.tsx'
import { TextField } from '../ui/TextField.tsx'
import { PageHeading } from './PageHeading.tsx'
import type { RestoreView } from './RestoreDialog.tsx'

// The restore dialog loads when a restore starts: most visits only list, take or download backups.
const RestoreDialog = lazy(() => import('./RestoreDialog.tsx'))

export type BackupsPageProps = {
  project: string
  /** `total`: how many the project holds, when more than the rows listed (the newest). */
  backups: { status: 'loading' | 'error' | 'ready'; rows: readonly BackupRecord[]; total?: number; error?: string }
  /** wadp.backups.create, .get and .restore: what the user may do besides listing. */
  can: { create: boolean; download: boolean; restore: boolean }
  /** The last take, upload or download: under way, or why it failed (what was typed stays). */
  action: { busy: 'create' | 'upload' | null; error: string | null; notice: string | null }
  restore: RestoreView
  /** The restore's machine has come (with the Tool section's kit): until then "Restore…" is disabled. */
  restoreReady: boolean
  onCreate: (displayName: string | null) => void
  onUpload: (file: File) => void
  onDownload: (backup: BackupRecord) => void
  onRestore: (backup: BackupRecord) => void
  onConfirmRestore: () => void
  onRetryRestore: () => void
  onCloseRestore: () => void
  onRetryList: () => void
}

const TRIGGER_LABELS: Record<BackupTrigger, string> = { manual: 'Manual', scheduled: 'Scheduled', uploaded: 'Uploaded' }
const STATUS_LABELS: Record<BackupStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
}
const STATUS_TONES: Record<BackupStatus, string> = {
  queued: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  running: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
}

/** Bytes as people read them: 812 B, 14.2 kB, 3.1 MB. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—'
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

/** Its name, or (none, or a blank one stored before blank meant none) its trigger and time. */
export const backupLabel = (backup: BackupRecord) =>
  backup.display_name || `${TRIGGER_LABELS[backup.trigger]} backup of ${formatDateTime(backup.requested_at)}`

function StatusBadge({ backup }: { backup: BackupRecord }) {
  return (
    <span
      className={`inline-flex rounded px-2 py-0.5 text-xs font-medium ${STATUS_TONES[backup.status]}`}
      title={backup.message ?? undefined}
    >
      {STATUS_LABELS[backup.status]}
    </span>
  )
}

function CreateForm({ busy, onCreate }: { busy: boolean; onCreate: (displayName: string | null) => void }) {
  const [name, setName] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    onCreate(name.trim() === '' ? null : name.trim())
  }
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      <TextField
        label="Name (optional)"
        value={name}
        maxLength={200}
        placeholder="Before the migration"
        onChange={(event) => setName(event.target.value)}
      />
      {/* Busy, not disabled: a disabled button drops the focus of whoever pressed it to the page's body. */}
      <Button type="submit" busy={busy}>
        {busy ? 'Starting…' : 'Back up now'}
      </Button>
    </form>
  )
}

function UploadButton({ busy, onUpload }: { busy: boolean; onUpload: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  return (
    <div>
      <input
        ref={input}
        id={id}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        aria-label="Backup document to upload"
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) onUpload(file)
          event.target.value = ''
        }}
      />
      <Button variant="secondary" busy={busy} onClick={() => input.current?.click()}>
        {busy ? 'Uploading…' : 'Upload a backup…'}
      </Button>
    </div>
  )
}

/** The Backups page (RESOURCES.md, Tools): take, upload, download and restore the project's backups. */
export function BackupsPage(props: BackupsPageProps) {
  const { project, backups, can, action, restore } = props
  const columns: Column<BackupRecord>[] = [
    {
      id: 'name',
      header: 'Backup',
      rowHeader: true,
      // A long name without spaces wraps: unbroken, it widened its column past the screen.
      cell: (row) => <span className="font-medium [overflow-wrap:anywhere]">{backupLabel(row)}</span>,
    },
    { id: 'trigger', header: 'Trigger', cell: (row) => TRIGGER_LABELS[row.trigger] },
    { id: 'status', header: 'Status', cell: (row) => <StatusBadge backup={row} /> },
    {
      id: 'time',
      header: 'Time',
      cell: (row) => <span className="tabular-nums">{formatDateTime(row.requested_at)}</span>,
    },
    { id: 'size', header: 'Size', cell: (row) => <span className="tabular-nums">{formatBytes(row.size_bytes)}</span> },
    {
      id: 'sha256',
      header: 'SHA-256',
      cell: (row) =>
        row.sha256 ? (
          <span className="font-mono text-xs" title={row.sha256}>
            {`${row.sha256.slice(0, 12)}…`}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      // In view while a wide table scrolls, and the containing block of its buttons' sr-only names, which
      // otherwise sat where the table ran on, past its scroll box, and made the whole page scroll sideways.
      sticky: 'end',
      cell: (row) =>
        row.status === 'completed' ? (
          <span className="flex gap-2">
            {can.download && (
              <Button variant="secondary" size="sm" onClick={() => props.onDownload(row)}>
                Download<span className="sr-only"> {backupLabel(row)}</span>
              </Button>
            )}
            {can.restore && (
              <Button variant="secondary" size="sm" disabled={!props.restoreReady} onClick={() => props.onRestore(row)}>
                Restore…<span className="sr-only"> {backupLabel(row)}</span>
              </Button>
            )}
          </span>
        ) : row.status === 'failed' ? (
          <span className="text-xs text-red-700 dark:text-red-300">{row.message}</span>
        ) : (
          <Spinner label="Being taken…" size="sm" />
        ),
    },
  ]
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title={PAGE_HEADINGS['/backups'].title}
        description={pageDescription('/backups', { project, times: timesNote() })}
      />
      {(can.create || action.error || action.notice) && (
        <section aria-label="Take or upload a backup" className="flex flex-wrap items-end gap-4">
          {can.create && <CreateForm busy={action.busy === 'create'} onCreate={props.onCreate} />}
          {can.create && <UploadButton busy={action.busy === 'upload'} onUpload={props.onUpload} />}
          {action.error && (
            <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
              {action.error}
            </p>
          )}
          {/* There before the notice, so that a screen reader reads it out as it comes (a live region added
              with its text may be read by none). */}
          <p
            role="status"
            className={action.notice ? 'w-full text-sm text-emerald-800 dark:text-emerald-300' : 'sr-only'}
          >
            {action.notice}
          </p>
        </section>
      )}
      {backups.status === 'loading' && <Spinner label="Loading backups…" />}
      {backups.status === 'error' && (
        <div role="alert" className="flex items-center gap-3 text-sm">
          <span>{`The backups could not be loaded: ${backups.error ?? 'unknown error'}`}</span>
          <Button variant="secondary" size="sm" onClick={props.onRetryList}>
            Retry
          </Button>
        </div>
      )}
      {backups.status === 'ready' && (
        <Table
          columns={columns}
          rows={backups.rows}
          rowKey={(row) => row.name}
          caption="Backups of the project, newest first"
          empty="No backup yet in this project."
        />
      )}
      {backups.status === 'ready' && (backups.total ?? 0) > backups.rows.length && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {`The ${backups.rows.length} newest of the project's ${backups.total} backups are listed; the older ones are not shown here.`}
        </p>
      )}
      {restore.step !== 'closed' && (
        <Suspense fallback={<Spinner label="Opening the restore…" />}>
          <RestoreDialog
            view={restore}
            onConfirm={props.onConfirmRestore}
            onRetry={props.onRetryRestore}
            onClose={props.onCloseRestore}
          />
        </Suspense>
      )}
    </div>
  )
}
