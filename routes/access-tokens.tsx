import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { accessTokensUi } from '../src/types/access-tokens/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/access-tokens')({
  validateSearch: ResourceListSearch,
  loader: listLoader(accessTokensUi),
  component: () => <ResourceListRoute ui={accessTokensUi} />,
})
