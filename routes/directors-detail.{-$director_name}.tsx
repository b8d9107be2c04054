import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { directorsUi } from '../src/types/directors/screen.ts'
import { type DetailAddons, ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/directors-detail/{-$director_name}')

export const Route = createFileRoute('/directors-detail/{-$director_name}')({ component: Page })

// Its own chunk, loaded once the director is shown: the page's chunk stays within its budget.
const DirectorHealth = lazy(() => import('./-resources/DirectorHealth.tsx'))

/** After the summary: the health of the director's backends, per Varnish node or simulated. */
const addons: DetailAddons = {
  content: (record, { project }) => (
    <Suspense fallback={null}>
      <DirectorHealth key={record.name} project={project} director={record.name} />
    </Suspense>
  ),
}

function Page() {
  const name = route.useParams({ select: (params) => params.director_name })
  return <ResourceDetailRoute ui={directorsUi} name={name} addons={addons} />
}
