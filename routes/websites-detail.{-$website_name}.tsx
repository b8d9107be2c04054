import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { websitesUi } from '../src/types/websites/screen.ts'
import { LiveTraffic } from './-resources/LiveTraffic.tsx'
import { type DetailAddons, ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/websites-detail/{-$website_name}')

export const Route = createFileRoute('/websites-detail/{-$website_name}')({ component: Page })

/** After the summary: the website's live traffic through Varnish nodes (issue 24). */
const addons: DetailAddons = {
  content: (record, context) => <LiveTraffic key={record.name} website={record.name} context={context} />,
}

function Page() {
  const name = route.useParams({ select: (params) => params.website_name })
  return <ResourceDetailRoute ui={websitesUi} name={name} addons={addons} />
}
