import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { ssoMappingsUi } from '../src/types/sso-mappings/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/sso-groups-roles')({
  validateSearch: ResourceListSearch,
  loader: listLoader(ssoMappingsUi),
  component: () => <ResourceListRoute ui={ssoMappingsUi} />,
})
