import { createFileRoute } from '@tanstack/react-router'
import { organizationsUi } from '../src/types/organizations/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/admin/organizations-add')({
  component: () => <ResourceFormRoute ui={organizationsUi} mode="create" />,
})
