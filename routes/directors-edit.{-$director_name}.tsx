import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { directorsUi } from '../src/types/directors/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/directors-edit/{-$director_name}')

export const Route = createFileRoute('/directors-edit/{-$director_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.director_name })
  return <ResourceFormRoute ui={directorsUi} mode="edit" name={name} />
}
