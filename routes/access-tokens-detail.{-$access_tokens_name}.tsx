import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { accessTokensUi } from '../src/types/access-tokens/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'
import { revokeAddons } from './-resources/RevokeAction.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/access-tokens-detail/{-$access_tokens_name}')

export const Route = createFileRoute('/access-tokens-detail/{-$access_tokens_name}')({ component: Page })

const addons = revokeAddons(accessTokensUi)

function Page() {
  const name = route.useParams({ select: (params) => params.access_tokens_name })
  return <ResourceDetailRoute ui={accessTokensUi} name={name} addons={addons} />
}
