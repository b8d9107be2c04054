import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { websitesUi } from '../src/types/websites/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/websites-edit/{-$website_name}')

export const Route = createFileRoute('/websites-edit/{-$website_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.website_name })
  return <ResourceFormRoute ui={websitesUi} mode="edit" name={name} />
}
