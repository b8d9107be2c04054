import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { wafPoliciesUi } from '../src/types/waf-policies/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/waf-policies')({
  validateSearch: ResourceListSearch,
  loader: listLoader(wafPoliciesUi),
  component: () => <ResourceListRoute ui={wafPoliciesUi} />,
})
