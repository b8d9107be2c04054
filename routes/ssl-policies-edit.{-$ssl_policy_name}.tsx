import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { tlsPoliciesUi } from '../src/types/tls-policies/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/ssl-policies-edit/{-$ssl_policy_name}')

export const Route = createFileRoute('/ssl-policies-edit/{-$ssl_policy_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.ssl_policy_name })
  return <ResourceFormRoute ui={tlsPoliciesUi} mode="edit" name={name} />
}
