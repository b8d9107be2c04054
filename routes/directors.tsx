import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { directorsUi } from '../src/types/directors/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/directors')({
  validateSearch: ResourceListSearch,
  loader: listLoader(directorsUi),
  component: () => <ResourceListRoute ui={directorsUi} />,
})
