import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/ssl-policies-edit/{-$ssl_policy_name}')

export const Route = createFileRoute('/ssl-policies-edit/{-$ssl_policy_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.ssl_policy_name })
  return <ComingSoonPage title="Edit TLS policy" subject={name} />
}
