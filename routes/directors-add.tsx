import { createFileRoute } from '@tanstack/react-router'
import { directorsUi } from '../src/domain/definitions/directors.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/directors-add')({
  component: () => <ResourceFormRoute ui={directorsUi} mode="create" />,
})
