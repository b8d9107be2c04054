import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { rateLimitsUi } from '../src/types/rate-limits/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/rate-limits')({
  validateSearch: ResourceListSearch,
  loader: listLoader(rateLimitsUi),
  component: () => <ResourceListRoute ui={rateLimitsUi} />,
})
