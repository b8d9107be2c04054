import { createFileRoute } from '@tanstack/react-router'
import { customersUi } from '../src/domain/definitions/tenancy.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/admin/customers-add')({
  component: () => <ResourceFormRoute ui={customersUi} mode="create" />,
})
