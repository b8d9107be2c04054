import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { nodeProjectRows } from '../src/types/nodes/project-rows.ts'
import { nodeKindOf, nodesUi } from '../src/types/nodes/screen.ts'
import { NodeProjects } from '../src/views/NodeProjects.tsx'
import { type DetailAddons, ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'
import { secretRotationAddons } from './-resources/SecretRotation.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/nodes-detail/{-$nodes_name}')

export const Route = createFileRoute('/nodes-detail/{-$nodes_name}')({ component: Page })

// Only an edge agent node has a secret (its agent's); a simulated one has none to rotate.
const rotation = secretRotationAddons(nodesUi, (record) => nodeKindOf(record) === 'agent')
// An edge agent node's page follows its reports (a project that failed to load, then loaded once fixed).
const FOLLOW_MS = 5000

function Page() {
  const name = route.useParams({ select: (params) => params.nodes_name })
  // The selected project (the node is the platform's): its line says what the node runs of it.
  const project = route.useSearch({ select: (search) => search.project ?? '' })
  // An agent node also says what it runs of each project: its summary's platform revision is not theirs.
  const addons: DetailAddons = {
    ...rotation,
    refetchInterval: (record) => (nodeKindOf(record) === 'agent' ? FOLLOW_MS : false),
    content: (record) =>
      nodeKindOf(record) === 'agent' ? (
        <NodeProjects rows={nodeProjectRows(record.projects)} selected={project} />
      ) : null,
  }
  return <ResourceDetailRoute ui={nodesUi} name={name} addons={addons} />
}
