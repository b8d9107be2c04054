import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { syntheticResponsesUi } from '../src/types/synthetic-responses/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The sidebar's form of the synthetic response detail link (spec section 2): the same page.
const route = getRouteApi('/synthetics-detail/{-$id}')

export const Route = createFileRoute('/synthetics-detail/{-$id}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.id })
  return <ResourceDetailRoute ui={syntheticResponsesUi} name={name} />
}
