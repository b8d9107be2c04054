import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/page-rules-detail/{-$page_rule_name}')

export const Route = createFileRoute('/page-rules-detail/{-$page_rule_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.page_rule_name })
  return <ComingSoonPage title="Page rule" subject={name} />
}
