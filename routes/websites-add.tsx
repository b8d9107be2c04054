import { createFileRoute } from '@tanstack/react-router'
import { websitesUi } from '../src/domain/definitions/websites.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/websites-add')({
  component: () => <ResourceFormRoute ui={websitesUi} mode="create" />,
})
