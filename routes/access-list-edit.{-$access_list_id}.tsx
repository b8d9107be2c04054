import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { accessListUi } from '../src/types/blocklist/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/access-list-edit/{-$access_list_id}')

export const Route = createFileRoute('/access-list-edit/{-$access_list_id}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.access_list_id })
  return <ResourceFormRoute ui={accessListUi} mode="edit" name={name} />
}
