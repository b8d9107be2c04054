import { createFileRoute } from '@tanstack/react-router'
import { poolsUi } from '../src/domain/definitions/pools.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/pools')({
  validateSearch: ResourceListSearch,
  loader: listLoader(poolsUi),
  component: () => <ResourceListRoute ui={poolsUi} />,
})
