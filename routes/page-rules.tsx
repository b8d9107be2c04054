import { createFileRoute } from '@tanstack/react-router'
import { pageRulesUi } from '../src/domain/definitions/page-rules.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/page-rules')({
  validateSearch: ResourceListSearch,
  component: () => <ResourceListRoute ui={pageRulesUi} />,
})
