import { createFileRoute } from '@tanstack/react-router'
import { customersUi } from '../src/types/customers/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/admin/customers-add')({
  component: () => <ResourceFormRoute ui={customersUi} mode="create" />,
})
