import { createFileRoute } from '@tanstack/react-router'
import { syntheticResponsesUi } from '../src/types/synthetic-responses/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/synthetic-responses-add')({
  component: () => <ResourceFormRoute ui={syntheticResponsesUi} mode="create" />,
})
