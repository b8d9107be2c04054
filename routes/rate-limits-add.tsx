import { createFileRoute } from '@tanstack/react-router'
import { rateLimitsUi } from '../src/types/rate-limits/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/rate-limits-add')({
  component: () => <ResourceFormRoute ui={rateLimitsUi} mode="create" />,
})
