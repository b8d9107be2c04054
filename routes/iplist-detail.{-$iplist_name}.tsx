import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { ipListsUi } from '../src/types/ip-lists/screen.ts'
import { IpImport } from './-resources/IpImport.tsx'
import { type DetailAddons, ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/iplist-detail/{-$iplist_name}')

export const Route = createFileRoute('/iplist-detail/{-$iplist_name}')({ component: Page })

/** Beside Edit: "Paste addresses", for those who may change the list. */
const addons: DetailAddons = {
  actions: (record, { project, can, page }) =>
    can.update ? <IpImport key={record.name} ui={ipListsUi} project={project} record={record} page={page} /> : null,
}

function Page() {
  const name = route.useParams({ select: (params) => params.iplist_name })
  return <ResourceDetailRoute ui={ipListsUi} name={name} addons={addons} />
}
