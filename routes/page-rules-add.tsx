import { createFileRoute } from '@tanstack/react-router'
import { pageRulesUi } from '../src/types/page-rules/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/page-rules-add')({
  component: () => <ResourceFormRoute ui={pageRulesUi} mode="create" />,
})
