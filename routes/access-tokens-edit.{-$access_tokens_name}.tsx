import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { accessTokensUi } from '../src/types/access-tokens/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/access-tokens-edit/{-$access_tokens_name}')

export const Route = createFileRoute('/access-tokens-edit/{-$access_tokens_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.access_tokens_name })
  return <ResourceFormRoute ui={accessTokensUi} mode="edit" name={name} />
}
