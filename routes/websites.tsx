import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { websitesUi } from '../src/types/websites/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/websites')({
  validateSearch: ResourceListSearch,
  loader: listLoader(websitesUi),
  component: () => <ResourceListRoute ui={websitesUi} />,
})
