import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { ipListsUi } from '../src/types/ip-lists/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/ipLists')({
  validateSearch: ResourceListSearch,
  loader: listLoader(ipListsUi),
  component: () => <ResourceListRoute ui={ipListsUi} />,
})
