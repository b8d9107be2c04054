import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { pageRulesUi } from '../src/types/page-rules/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/page-rules-detail/{-$page_rule_name}')

export const Route = createFileRoute('/page-rules-detail/{-$page_rule_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.page_rule_name })
  return <ResourceDetailRoute ui={pageRulesUi} name={name} />
}
