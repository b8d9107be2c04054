import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { projectsUi } from '../src/types/projects/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/admin/projects-edit/{-$projects_name}')

export const Route = createFileRoute('/admin/projects-edit/{-$projects_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.projects_name })
  return <ResourceFormRoute ui={projectsUi} mode="edit" name={name} />
}
