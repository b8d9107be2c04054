import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import {
  selectIsChanging,
  selectMaintenanceReport,
  selectMaintenanceRequest,
} from '../../machines/node-maintenance.selectors.ts'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import { Button } from '../../src/ui/Button.tsx'
import type { useResourcePage } from './useResourcePage.ts'

// The question and the report load when maintenance is first asked for.
const NodeMaintenanceDialog = lazy(() => import('../../src/views/resources/NodeMaintenanceDialog.tsx'))

type Page = ReturnType<typeof useResourcePage>

/** Maintenance on / off for the selected nodes, with its question and per-node report. */
export default function MaintenanceButtons({
  ui,
  page,
  names,
  clear,
}: {
  ui: ResourceUi
  page: Page
  names: string[]
  clear: () => void
}) {
  const [machine] = useState(() => page.machines.nodeMaintenance(ui))
  const actor = useActorRef(machine)
  const request = useSelector(actor, selectMaintenanceRequest)
  const changing = useSelector(actor, selectIsChanging)
  const report = useSelector(actor, selectMaintenanceReport)
  const ask = (maintenance: boolean) => actor.send({ type: 'maintenance.request', nodes: names, maintenance })
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => ask(true)}>
        Maintenance on
      </Button>
      <Button variant="secondary" size="sm" onClick={() => ask(false)}>
        Maintenance off
      </Button>
      {(request !== null || report !== null) && (
        <Suspense fallback={null}>
          <NodeMaintenanceDialog
            request={request}
            changing={changing}
            report={report}
            onConfirm={() => actor.send({ type: 'maintenance.confirm' })}
            onCancel={() => actor.send({ type: 'maintenance.cancel' })}
            onDismiss={() => {
              actor.send({ type: 'maintenance.dismiss' })
              clear()
            }}
          />
        </Suspense>
      )}
    </>
  )
}
