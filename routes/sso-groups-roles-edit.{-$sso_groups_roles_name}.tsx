import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ssoMappingsUi } from '../src/types/sso-mappings/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/sso-groups-roles-edit/{-$sso_groups_roles_name}')

export const Route = createFileRoute('/sso-groups-roles-edit/{-$sso_groups_roles_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.sso_groups_roles_name })
  return <ResourceFormRoute ui={ssoMappingsUi} mode="edit" name={name} />
}
