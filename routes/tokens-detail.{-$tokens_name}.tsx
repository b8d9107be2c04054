import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/tokens-detail/{-$tokens_name}')

export const Route = createFileRoute('/tokens-detail/{-$tokens_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.tokens_name })
  return <ComingSoonPage title="Token" subject={name} />
}
