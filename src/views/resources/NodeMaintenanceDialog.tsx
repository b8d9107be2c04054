import type { NodeMaintenanceResult } from '../../types/nodes/fields.ts'
import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'
import { NameList, ResultReport } from './ResultReport.tsx'

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
  if (report) {
    const succeeded = report.results.filter((result) => result.result === 'succeeded').length
    const title = report.error
      ? 'Maintenance not changed'
      : `Maintenance ${report.maintenance ? 'on' : 'off'}: ${succeeded} of ${report.results.length} nodes`
    const outcomes = report.results.map((result) => ({
      name: result.name,
      ok: result.result === 'succeeded',
      text:
        result.result === 'succeeded'
          ? `${result.changed ? 'Succeeded' : 'Succeeded (already so)'}: now ${result.status}`
          : `Failed: ${result.message ?? 'the platform gave no reason.'}`,
    }))
    return <ResultReport title={title} outcomes={outcomes} error={report.error} onDismiss={onDismiss} />
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
        <NameList label="Nodes to change" names={request?.nodes ?? []} />
      </div>
    </Modal>
  )
}
