import { createFileRoute } from '@tanstack/react-router'
import { organizationsUi } from '../src/domain/definitions/tenancy.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/admin/organizations-add')({
  component: () => <ResourceFormRoute ui={organizationsUi} mode="create" />,
})
