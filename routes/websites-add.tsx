import { createFileRoute } from '@tanstack/react-router'
import { websitesUi } from '../src/types/websites/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/websites-add')({
  component: () => <ResourceFormRoute ui={websitesUi} mode="create" />,
})
