import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/iplist-detail/{-$iplist_name}')

export const Route = createFileRoute('/iplist-detail/{-$iplist_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.iplist_name })
  return <ComingSoonPage title="IP list" subject={name} />
}
