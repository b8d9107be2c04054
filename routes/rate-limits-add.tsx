import { createFileRoute } from '@tanstack/react-router'
import { rateLimitsUi } from '../src/domain/definitions/rate-limits.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/rate-limits-add')({
  component: () => <ResourceFormRoute ui={rateLimitsUi} mode="create" />,
})
