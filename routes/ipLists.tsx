import { createFileRoute } from '@tanstack/react-router'
import { ipListsUi } from '../src/domain/definitions/ip-lists.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/ipLists')({
  validateSearch: ResourceListSearch,
  loader: listLoader(ipListsUi),
  component: () => <ResourceListRoute ui={ipListsUi} />,
})
