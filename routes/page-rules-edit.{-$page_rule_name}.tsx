import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { pageRulesUi } from '../src/types/page-rules/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/page-rules-edit/{-$page_rule_name}')

export const Route = createFileRoute('/page-rules-edit/{-$page_rule_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.page_rule_name })
  return <ResourceFormRoute ui={pageRulesUi} mode="edit" name={name} />
}
