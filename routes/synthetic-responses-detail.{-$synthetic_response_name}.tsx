import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { syntheticResponsesUi } from '../src/types/synthetic-responses/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/synthetic-responses-detail/{-$synthetic_response_name}')

export const Route = createFileRoute('/synthetic-responses-detail/{-$synthetic_response_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.synthetic_response_name })
  return <ResourceDetailRoute ui={syntheticResponsesUi} name={name} />
}
