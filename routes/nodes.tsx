import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { nodesUi } from '../src/types/nodes/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { nodeListAddons } from './-resources/NodeMaintenance.tsx'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

const addons = nodeListAddons(nodesUi)

export const Route = createFileRoute('/nodes')({
  validateSearch: ResourceListSearch,
  loader: listLoader(nodesUi),
  component: () => <ResourceListRoute ui={nodesUi} addons={addons} />,
})
