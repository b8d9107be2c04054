import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/users-detail/{-$users_name}')

export const Route = createFileRoute('/users-detail/{-$users_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.users_name })
  return <ComingSoonPage title="User" subject={name} />
}
