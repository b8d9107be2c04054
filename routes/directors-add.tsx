import { createFileRoute } from '@tanstack/react-router'
import { directorsUi } from '../src/types/directors/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/directors-add')({
  component: () => <ResourceFormRoute ui={directorsUi} mode="create" />,
})
