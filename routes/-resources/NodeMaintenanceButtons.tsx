import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import {
  selectIsChanging,
  selectMaintenanceReport,
  selectMaintenanceRequest,
} from '../../machines/node-maintenance.selectors.ts'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import { Button } from '../../src/ui/Button.tsx'
import type { ResourcePage } from './useResourcePage.ts'

// The question and the report load when maintenance is first asked for.
const NodeMaintenanceDialog = lazy(() => import('../../src/views/resources/NodeMaintenanceDialog.tsx'))

/**
 * Maintenance on / off for the selected nodes, with its question and per-node report. The selection
 * stays afterwards (the other way round is one click away), and focus goes back to the button.
 */
export default function MaintenanceButtons({
  ui,
  page,
  names,
}: {
  ui: ResourceUi
  page: ResourcePage
  names: string[]
}) {
  const [machine] = useState(() => page.machines.nodeMaintenance(ui))
  const actor = useActorRef(machine)
  const request = useSelector(actor, selectMaintenanceRequest)
  const changing = useSelector(actor, selectIsChanging)
  const report = useSelector(actor, selectMaintenanceReport)
  // Shown while a question or a report is open; Modal gives focus back to the opener when it goes.
  const open = request !== null || report !== null
  const ask = (maintenance: boolean) => actor.send({ type: 'maintenance.request', nodes: names, maintenance })
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => ask(true)}>
        Maintenance on
      </Button>
      <Button variant="secondary" size="sm" onClick={() => ask(false)}>
        Maintenance off
      </Button>
      {open && (
        <Suspense fallback={null}>
          <NodeMaintenanceDialog
            request={request}
            changing={changing}
            report={report}
            onConfirm={() => actor.send({ type: 'maintenance.confirm' })}
            onCancel={() => actor.send({ type: 'maintenance.cancel' })}
            onDismiss={() => actor.send({ type: 'maintenance.dismiss' })}
          />
        </Suspense>
      )}
    </>
  )
}
