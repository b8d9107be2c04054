import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { poolsUi } from '../src/types/pools/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/pools-edit/{-$pools_name}')

export const Route = createFileRoute('/pools-edit/{-$pools_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.pools_name })
  return <ResourceFormRoute ui={poolsUi} mode="edit" name={name} />
}
