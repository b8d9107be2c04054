import { createFileRoute } from '@tanstack/react-router'
import { nodesUi } from '../src/types/nodes/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/nodes-add')({
  component: () => <ResourceFormRoute ui={nodesUi} mode="create" />,
})
