import type { NodeMaintenanceResult } from '../../types/nodes/fields.ts'
import { NameList, type Question, QuestionThenReport, type Report } from './ResultReport.tsx'

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
  on: 'Simulated nodes stop taking traffic, which the other nodes take over, and apply no configuration until maintenance ends; an edge agent node keeps serving and applying what it is given: take it out of your load balancer or DNS. Sync checks show them with a wrench. A disabled node is left as it is.',
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
  let outcome: Report | null = null
  if (report) {
    const succeeded = report.results.filter((result) => result.result === 'succeeded').length
    outcome = {
      title: report.error
        ? 'Maintenance not changed'
        : `Maintenance ${report.maintenance ? 'on' : 'off'}: ${succeeded} of ${report.results.length} nodes`,
      outcomes: report.results.map((result) => ({
        name: result.name,
        ok: result.result === 'succeeded',
        text:
          result.result === 'succeeded'
            ? `${result.changed ? 'Succeeded' : 'Succeeded (already so)'}: now ${result.status}`
            : `Failed: ${result.message ?? 'the platform gave no reason.'}`,
      })),
      error: report.error,
    }
  }
  const question: Question | null = request && {
    title: `${request.maintenance ? 'Put' : 'Take'} ${request.nodes.length} ${request.nodes.length === 1 ? 'node' : 'nodes'} ${request.maintenance ? 'in' : 'out of'} maintenance?`,
    body: (
      <div className="space-y-3">
        <p>{request.maintenance ? EFFECT.on : EFFECT.off}</p>
        <NameList label="Nodes to change" names={request.nodes} />
      </div>
    ),
    confirm: {
      label: request.maintenance ? 'Maintenance on' : 'Maintenance off',
      busyLabel: 'Changing…',
      variant: 'primary',
    },
  }
  return (
    <QuestionThenReport
      question={question}
      busy={changing}
      report={outcome}
      onConfirm={onConfirm}
      onCancel={onCancel}
      onDismiss={onDismiss}
    />
  )
}
