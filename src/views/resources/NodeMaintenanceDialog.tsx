import { useEffect, useId } from 'react'
import type { NodeMaintenanceResult } from '../../domain/resources/node.ts'
import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'

export type NodeMaintenanceDialogProps = {
  /** What the question names; open while non-null (also while the change runs). */
  request: { nodes: readonly string[]; maintenance: boolean } | null
  changing: boolean
  /** The report, a result per node (or why nothing ran); open while non-null. */
  report: { maintenance: boolean; results: readonly NodeMaintenanceResult[]; error: string | null } | null
  onConfirm: () => void
  onCancel: () => void
  onDismiss: () => void
}

const listClassName =
  'max-h-64 overflow-y-auto rounded-md border border-slate-200 text-sm dark:border-slate-800 divide-y divide-slate-200 dark:divide-slate-800'

const EFFECT = {
  on: 'They stop taking traffic, which the other nodes take over, and apply no configuration until maintenance ends. Sync checks show them with a wrench. A disabled node is left as it is.',
  off: 'Nodes in maintenance become active: they take traffic again and apply the latest configuration.',
}

/** Asks before maintenance goes on or off for the selected nodes, then reports each node's result. */
export default function NodeMaintenanceDialog({
  request,
  changing,
  report,
  onConfirm,
  onCancel,
  onDismiss,
}: NodeMaintenanceDialogProps) {
  const closeId = useId()
  const reporting = report !== null
  useEffect(() => {
    if (reporting) document.getElementById(closeId)?.focus()
  }, [reporting, closeId])
  if (report) {
    const succeeded = report.results.filter((result) => result.result === 'succeeded').length
    const title = report.error
      ? 'Maintenance not changed'
      : `Maintenance ${report.maintenance ? 'on' : 'off'}: ${succeeded} of ${report.results.length} nodes`
    return (
      <Modal
        open
        title={title}
        onClose={onDismiss}
        footer={
          <Button id={closeId} variant="secondary" onClick={onDismiss} data-autofocus>
            Close
          </Button>
        }
      >
        {report.error ? (
          <p role="alert">{report.error}</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls, and the keyboard must be able to scroll it
          <ul aria-label="Results" tabIndex={0} className={listClassName}>
            {report.results.map((result) => (
              <li key={result.name} className="flex flex-col gap-0.5 px-3 py-2">
                <span className="font-medium break-all">{result.name}</span>
                {result.result === 'succeeded' ? (
                  <span className="text-emerald-700 dark:text-emerald-400">
                    {result.changed ? 'Succeeded' : 'Succeeded (already so)'}: now {result.status}
                  </span>
                ) : (
                  <span className="text-red-700 dark:text-red-400">
                    Failed: {result.message ?? 'the platform gave no reason.'}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Modal>
    )
  }
  const on = request?.maintenance ?? true
  const count = request?.nodes.length ?? 0
  return (
    <Modal
      open={request !== null}
      title={`${on ? 'Put' : 'Take'} ${count} ${count === 1 ? 'node' : 'nodes'} ${on ? 'in' : 'out of'} maintenance?`}
      dismissible={!changing}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={changing} data-autofocus>
            Cancel
          </Button>
          <Button variant="primary" onClick={onConfirm} busy={changing}>
            {changing ? 'Changing…' : on ? 'Maintenance on' : 'Maintenance off'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p>{on ? EFFECT.on : EFFECT.off}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls, and the keyboard must be able to scroll it */}
        <ul aria-label="Nodes to change" tabIndex={0} className={listClassName}>
          {request?.nodes.map((name) => (
            <li key={name} className="px-3 py-1.5 font-mono break-all">
              {name}
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  )
}
