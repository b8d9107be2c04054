import { createFileRoute } from '@tanstack/react-router'
import { tokensUi } from '../src/domain/definitions/tokens.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/tokens-add')({
  component: () => <ResourceFormRoute ui={tokensUi} mode="create" />,
})
