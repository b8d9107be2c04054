import { createFileRoute } from '@tanstack/react-router'
import { ipListsUi } from '../src/types/ip-lists/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/iplists-add')({
  component: () => <ResourceFormRoute ui={ipListsUi} mode="create" />,
})
