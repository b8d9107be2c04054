import { createFileRoute } from '@tanstack/react-router'
import { accessTokensUi } from '../src/types/access-tokens/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/access-tokens-add')({
  component: () => <ResourceFormRoute ui={accessTokensUi} mode="create" />,
})
