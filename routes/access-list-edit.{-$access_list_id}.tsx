import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/access-list-edit/{-$access_list_id}')

export const Route = createFileRoute('/access-list-edit/{-$access_list_id}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.access_list_id })
  return <ComingSoonPage title="Edit Blocklist entry" subject={name} />
}
