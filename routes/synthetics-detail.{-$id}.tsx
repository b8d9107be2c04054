import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/synthetics-detail/{-$id}')

export const Route = createFileRoute('/synthetics-detail/{-$id}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.id })
  return <ComingSoonPage title="Synthetic response" subject={name} />
}
