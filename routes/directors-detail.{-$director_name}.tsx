import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { directorsUi } from '../src/types/directors/screen.ts'
import { DirectorHealth } from './-resources/DirectorHealth.tsx'
import { type DetailAddons, ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/directors-detail/{-$director_name}')

export const Route = createFileRoute('/directors-detail/{-$director_name}')({ component: Page })

/** After the summary: the health of the director's backends, per Varnish node or simulated. */
const addons: DetailAddons = {
  content: (record, { project }) => <DirectorHealth key={record.name} project={project} director={record.name} />,
}

function Page() {
  const name = route.useParams({ select: (params) => params.director_name })
  return <ResourceDetailRoute ui={directorsUi} name={name} addons={addons} />
}
