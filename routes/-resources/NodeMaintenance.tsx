import { lazy, Suspense } from 'react'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import { countryFlag } from '../../src/domain/sync.ts'
import { revisionsOf } from '../../src/types/nodes/screen.ts'
import type { ListAddons } from './ProjectList.tsx'

// Drawn once the rows are there, and the buttons once a node is selected: neither weighs on the page.
const Flag = lazy(() => import('../../src/ui/Flag.tsx').then((module) => ({ default: module.Flag })))
const MaintenanceButtons = lazy(() => import('./NodeMaintenanceButtons.tsx'))

/** The nodes list's addons: the country's flag, applied / target revisions, bulk maintenance. */
export function nodeListAddons(ui: ResourceUi): ListAddons {
  return {
    cell: ({ path, format }, record) => {
      if (format !== 'custom') return undefined
      if (path === 'applied_revision') return <span className="tabular-nums">{revisionsOf(record)}</span>
      const country = String(record.country ?? '')
      return (
        <span className="inline-flex items-center gap-1.5">
          <Suspense fallback={<span className="inline-block w-[21px]" />}>
            <Flag code={countryFlag(country)} />
          </Suspense>
          <span className="uppercase">{country}</span>
        </span>
      )
    },
    selection: (page) =>
      page.can.update
        ? (rows) => (
            <Suspense fallback={null}>
              <MaintenanceButtons ui={ui} page={page} names={rows.map((row) => row.name)} />
            </Suspense>
          )
        : undefined,
  }
}
