import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { syntheticResponsesUi } from '../src/types/synthetic-responses/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/synthetic-responses')({
  validateSearch: ResourceListSearch,
  loader: listLoader(syntheticResponsesUi),
  component: () => <ResourceListRoute ui={syntheticResponsesUi} />,
})
