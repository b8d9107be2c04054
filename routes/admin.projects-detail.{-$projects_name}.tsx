import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/admin/projects-detail/{-$projects_name}')

export const Route = createFileRoute('/admin/projects-detail/{-$projects_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.projects_name })
  return <ComingSoonPage title="Project" subject={name} />
}
