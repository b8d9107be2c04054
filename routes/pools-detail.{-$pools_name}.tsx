import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { poolsUi } from '../src/types/pools/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/pools-detail/{-$pools_name}')

export const Route = createFileRoute('/pools-detail/{-$pools_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.pools_name })
  return <ResourceDetailRoute ui={poolsUi} name={name} />
}
