import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { accessListUi } from '../src/types/blocklist/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/access-list-detail/{-$access_list_id}')

// `access_list_id` is the entry's name (a slug; a pasted entry's is made of its target and value).
export const Route = createFileRoute('/access-list-detail/{-$access_list_id}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.access_list_id })
  return <ResourceDetailRoute ui={accessListUi} name={name} />
}
