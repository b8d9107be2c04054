import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { syntheticResponsesUi } from '../src/types/synthetic-responses/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/synthetic-responses-edit/{-$synthetic_response_name}')

export const Route = createFileRoute('/synthetic-responses-edit/{-$synthetic_response_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.synthetic_response_name })
  return <ResourceFormRoute ui={syntheticResponsesUi} mode="edit" name={name} />
}
