import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/sso-groups-roles-detail/{-$sso_groups_roles_name}')

export const Route = createFileRoute('/sso-groups-roles-detail/{-$sso_groups_roles_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.sso_groups_roles_name })
  return <ComingSoonPage title="SSO group/role mapping" subject={name} />
}
