import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import {
  selectIsChanging,
  selectMaintenanceReport,
  selectMaintenanceRequest,
} from '../../machines/node-maintenance.selectors.ts'
import { revisionsOf } from '../../src/domain/definitions/nodes.ts'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import { countryFlag } from '../../src/domain/sync.ts'
import { Button } from '../../src/ui/Button.tsx'
import { Flag } from '../../src/ui/Flag.tsx'
import type { ListAddons } from './ResourceListRoute.tsx'
import type { useResourcePage } from './useResourcePage.ts'

// The question and the report load when maintenance is first asked for.
const NodeMaintenanceDialog = lazy(() => import('../../src/views/resources/NodeMaintenanceDialog.tsx'))

type Page = ReturnType<typeof useResourcePage>

/** Maintenance on / off for the selected nodes, with its question and per-node report. */
function MaintenanceButtons({
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

/** The nodes list's addons: the country's flag, applied / target revisions, bulk maintenance. */
export function nodeListAddons(ui: ResourceUi): ListAddons {
  return {
    cell: (path, record) => {
      if (path === 'revisions') return <span className="tabular-nums">{revisionsOf(record)}</span>
      const country = String(record.country ?? '')
      return (
        <span className="inline-flex items-center gap-1.5">
          <Flag code={countryFlag(country)} />
          <span className="uppercase">{country}</span>
        </span>
      )
    },
    selection: ({ page }) =>
      page.can.update
        ? (names, clear) => <MaintenanceButtons ui={ui} page={page} names={names} clear={clear} />
        : undefined,
  }
}
