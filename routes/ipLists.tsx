import { createFileRoute } from '@tanstack/react-router'
import { ipListsUi } from '../src/domain/definitions/ip-lists.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/ipLists')({
  validateSearch: ResourceListSearch,
  component: () => <ResourceListRoute ui={ipListsUi} />,
})
