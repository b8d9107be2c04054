import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/access-tokens-detail/{-$access_tokens_name}')

export const Route = createFileRoute('/access-tokens-detail/{-$access_tokens_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.access_tokens_name })
  return <ComingSoonPage title="Access token" subject={name} />
}
