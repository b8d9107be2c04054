import { createFileRoute } from '@tanstack/react-router'
import { nodesUi } from '../src/domain/definitions/nodes.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/nodes-add')({
  component: () => <ResourceFormRoute ui={nodesUi} mode="create" />,
})
