import { createFileRoute } from '@tanstack/react-router'
import { ssoMappingsUi } from '../src/domain/definitions/identity.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/sso-groups-roles')({
  validateSearch: ResourceListSearch,
  loader: listLoader(ssoMappingsUi),
  component: () => <ResourceListRoute ui={ssoMappingsUi} />,
})
