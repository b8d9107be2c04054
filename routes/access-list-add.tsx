import { createFileRoute } from '@tanstack/react-router'
import { accessListUi } from '../src/types/blocklist/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/access-list-add')({
  component: () => <ResourceFormRoute ui={accessListUi} mode="create" />,
})
