import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { poolsUi } from '../src/types/pools/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/pools')({
  validateSearch: ResourceListSearch,
  loader: listLoader(poolsUi),
  component: () => <ResourceListRoute ui={poolsUi} />,
})
