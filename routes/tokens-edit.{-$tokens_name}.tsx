import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { tokensUi } from '../src/types/tokens/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/tokens-edit/{-$tokens_name}')

export const Route = createFileRoute('/tokens-edit/{-$tokens_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.tokens_name })
  return <ResourceFormRoute ui={tokensUi} mode="edit" name={name} />
}
