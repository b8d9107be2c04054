import { createFileRoute } from '@tanstack/react-router'
import { captchasUi } from '../src/types/captchas/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/captchas-add')({
  component: () => <ResourceFormRoute ui={captchasUi} mode="create" />,
})
