import { createFileRoute } from '@tanstack/react-router'
import { tokensUi } from '../src/domain/definitions/tokens.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/tokens')({
  validateSearch: ResourceListSearch,
  component: () => <ResourceListRoute ui={tokensUi} />,
})
