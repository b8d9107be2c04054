import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { pageRulesUi } from '../src/types/page-rules/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/page-rules')({
  validateSearch: ResourceListSearch,
  loader: listLoader(pageRulesUi),
  component: () => <ResourceListRoute ui={pageRulesUi} />,
})
