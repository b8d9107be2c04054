import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ipListsUi } from '../src/types/ip-lists/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/iplist-edit/{-$iplist_name}')

export const Route = createFileRoute('/iplist-edit/{-$iplist_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.iplist_name })
  return <ResourceFormRoute ui={ipListsUi} mode="edit" name={name} />
}
