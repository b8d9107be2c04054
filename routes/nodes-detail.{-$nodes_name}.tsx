import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { nodesUi } from '../src/types/nodes/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/nodes-detail/{-$nodes_name}')

export const Route = createFileRoute('/nodes-detail/{-$nodes_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.nodes_name })
  return <ResourceDetailRoute ui={nodesUi} name={name} />
}
