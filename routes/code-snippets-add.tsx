import { createFileRoute } from '@tanstack/react-router'
import { codeSnippetsUi } from '../src/types/code-snippets/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/code-snippets-add')({
  component: () => <ResourceFormRoute ui={codeSnippetsUi} mode="create" />,
})
