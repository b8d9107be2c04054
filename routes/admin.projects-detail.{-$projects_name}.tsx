import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import { projectsUi } from '../src/types/projects/screen.ts'
import { buttonClassName } from '../src/ui/Button.tsx'
import { type DetailAddons, ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/admin/projects-detail/{-$projects_name}')

export const Route = createFileRoute('/admin/projects-detail/{-$projects_name}')({ component: Page })

// A project just created can be worked in at once: its Home selects it.
const addons: DetailAddons = {
  actions: (record) => (
    <Link to="/home" search={{ project: record.name }} className={buttonClassName('primary')}>
      Open this project
    </Link>
  ),
}

function Page() {
  const name = route.useParams({ select: (params) => params.projects_name })
  return <ResourceDetailRoute ui={projectsUi} name={name} addons={addons} />
}
