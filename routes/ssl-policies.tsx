import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { tlsPoliciesUi } from '../src/types/tls-policies/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/ssl-policies')({
  validateSearch: ResourceListSearch,
  loader: listLoader(tlsPoliciesUi),
  component: () => <ResourceListRoute ui={tlsPoliciesUi} />,
})
