import { createFileRoute } from '@tanstack/react-router'
import { rateLimitsUi } from '../src/domain/definitions/rate-limits.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/rate-limits')({
  validateSearch: ResourceListSearch,
  loader: listLoader(rateLimitsUi),
  component: () => <ResourceListRoute ui={rateLimitsUi} />,
})
