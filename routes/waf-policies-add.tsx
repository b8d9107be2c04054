import { createFileRoute } from '@tanstack/react-router'
import { wafPoliciesUi } from '../src/types/waf-policies/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/waf-policies-add')({
  component: () => <ResourceFormRoute ui={wafPoliciesUi} mode="create" />,
})
