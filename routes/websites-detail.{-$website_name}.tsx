import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { websitesUi } from '../src/types/websites/screen.ts'
import { type DetailAddons, ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/websites-detail/{-$website_name}')

export const Route = createFileRoute('/websites-detail/{-$website_name}')({ component: Page })

// Its own chunk, loaded once the website is shown: the page's chunk stays within its budget.
const LiveTraffic = lazy(() => import('./-resources/LiveTraffic.tsx'))

/** After the summary: the website's live traffic through Varnish nodes (issue 24). */
const addons: DetailAddons = {
  content: (record, context) => (
    <Suspense fallback={null}>
      <LiveTraffic key={record.name} website={record.name} context={context} />
    </Suspense>
  ),
}

function Page() {
  const name = route.useParams({ select: (params) => params.website_name })
  return <ResourceDetailRoute ui={websitesUi} name={name} addons={addons} />
}
