import { createFileRoute } from '@tanstack/react-router'
import { websitesUi } from '../src/domain/definitions/websites.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/websites')({
  validateSearch: ResourceListSearch,
  loader: listLoader(websitesUi),
  component: () => <ResourceListRoute ui={websitesUi} />,
})
