import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { nodeKindOf, nodesUi } from '../src/types/nodes/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'
import { secretRotationAddons } from './-resources/SecretRotation.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/nodes-detail/{-$nodes_name}')

export const Route = createFileRoute('/nodes-detail/{-$nodes_name}')({ component: Page })

// Only an edge agent node has a secret (its agent's); a simulated one has none to rotate.
const addons = secretRotationAddons(nodesUi, (record) => nodeKindOf(record) === 'agent')

function Page() {
  const name = route.useParams({ select: (params) => params.nodes_name })
  return <ResourceDetailRoute ui={nodesUi} name={name} addons={addons} />
}
