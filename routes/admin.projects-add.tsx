import { createFileRoute } from '@tanstack/react-router'
import { projectsUi } from '../src/types/projects/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/admin/projects-add')({
  component: () => <ResourceFormRoute ui={projectsUi} mode="create" />,
})
