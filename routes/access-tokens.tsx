import { createFileRoute } from '@tanstack/react-router'
import { accessTokensUi } from '../src/domain/definitions/access-tokens.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/access-tokens')({
  validateSearch: ResourceListSearch,
  loader: listLoader(accessTokensUi),
  component: () => <ResourceListRoute ui={accessTokensUi} />,
})
