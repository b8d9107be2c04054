import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { wafPoliciesUi } from '../src/types/waf-policies/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/waf-policies-detail/{-$waf_policy_name}')

export const Route = createFileRoute('/waf-policies-detail/{-$waf_policy_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.waf_policy_name })
  return <ResourceDetailRoute ui={wafPoliciesUi} name={name} />
}
