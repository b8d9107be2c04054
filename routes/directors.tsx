import { createFileRoute } from '@tanstack/react-router'
import { directorsUi } from '../src/domain/definitions/directors.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/directors')({
  validateSearch: ResourceListSearch,
  loader: listLoader(directorsUi),
  component: () => <ResourceListRoute ui={directorsUi} />,
})
