import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { tokensUi } from '../src/types/tokens/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/tokens')({
  validateSearch: ResourceListSearch,
  loader: listLoader(tokensUi),
  component: () => <ResourceListRoute ui={tokensUi} />,
})
