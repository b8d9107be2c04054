import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/pools-edit/{-$pools_name}')

export const Route = createFileRoute('/pools-edit/{-$pools_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.pools_name })
  return <ComingSoonPage title="Edit pool" subject={name} />
}
