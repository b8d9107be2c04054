import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { tokensUi } from '../src/types/tokens/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'
import { revokeAddons } from './-resources/RevokeAction.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/tokens-detail/{-$tokens_name}')

export const Route = createFileRoute('/tokens-detail/{-$tokens_name}')({ component: Page })

const addons = revokeAddons(tokensUi)

function Page() {
  const name = route.useParams({ select: (params) => params.tokens_name })
  return <ResourceDetailRoute ui={tokensUi} name={name} addons={addons} />
}
