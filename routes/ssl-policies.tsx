import { createFileRoute } from '@tanstack/react-router'
import { tlsPoliciesUi } from '../src/domain/definitions/tls-policies.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/ssl-policies')({
  validateSearch: ResourceListSearch,
  loader: listLoader(tlsPoliciesUi),
  component: () => <ResourceListRoute ui={tlsPoliciesUi} />,
})
