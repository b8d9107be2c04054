import { createFileRoute } from '@tanstack/react-router'
import { tokensUi } from '../src/types/tokens/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/tokens-add')({
  component: () => <ResourceFormRoute ui={tokensUi} mode="create" />,
})
