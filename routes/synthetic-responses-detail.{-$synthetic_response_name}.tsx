import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/synthetic-responses-detail/{-$synthetic_response_name}')

export const Route = createFileRoute('/synthetic-responses-detail/{-$synthetic_response_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.synthetic_response_name })
  return <ComingSoonPage title="Synthetic response" subject={name} />
}
