import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/nodes-detail/{-$nodes_name}')

export const Route = createFileRoute('/nodes-detail/{-$nodes_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.nodes_name })
  return <ComingSoonPage title="Node" subject={name} />
}
