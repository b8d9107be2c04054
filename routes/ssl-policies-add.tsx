import { createFileRoute } from '@tanstack/react-router'
import { tlsPoliciesUi } from '../src/types/tls-policies/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/ssl-policies-add')({
  component: () => <ResourceFormRoute ui={tlsPoliciesUi} mode="create" />,
})
