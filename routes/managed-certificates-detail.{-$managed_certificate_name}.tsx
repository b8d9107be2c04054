import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/managed-certificates-detail/{-$managed_certificate_name}')

export const Route = createFileRoute('/managed-certificates-detail/{-$managed_certificate_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.managed_certificate_name })
  return <ComingSoonPage title="LE certificate" subject={name} />
}
