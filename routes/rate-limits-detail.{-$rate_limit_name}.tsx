import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { rateLimitsUi } from '../src/types/rate-limits/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/rate-limits-detail/{-$rate_limit_name}')

export const Route = createFileRoute('/rate-limits-detail/{-$rate_limit_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.rate_limit_name })
  return <ResourceDetailRoute ui={rateLimitsUi} name={name} />
}
