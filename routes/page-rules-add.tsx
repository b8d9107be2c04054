import { createFileRoute } from '@tanstack/react-router'
import { pageRulesUi } from '../src/domain/definitions/page-rules.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/page-rules-add')({
  component: () => <ResourceFormRoute ui={pageRulesUi} mode="create" />,
})
