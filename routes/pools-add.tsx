import { createFileRoute } from '@tanstack/react-router'
import { poolsUi } from '../src/types/pools/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/pools-add')({
  component: () => <ResourceFormRoute ui={poolsUi} mode="create" />,
})
