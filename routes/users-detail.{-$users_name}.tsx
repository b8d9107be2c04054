import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { usersUi } from '../src/types/users/screen.ts'
import { userDetailAddons } from './-admin/UserDetail.tsx'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/users-detail/{-$users_name}')

export const Route = createFileRoute('/users-detail/{-$users_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.users_name })
  return <ResourceDetailRoute ui={usersUi} name={name} addons={userDetailAddons} />
}
