import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { type CertificateStatus, TRANSITIONAL_STATUSES } from '../src/types/le-certificates/fields.ts'
import { leCertificatesUi } from '../src/types/le-certificates/screen.ts'
import { CertificateActions } from './-resources/CertificateActions.tsx'
import { type DetailAddons, ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/managed-certificates-detail/{-$managed_certificate_name}')

export const Route = createFileRoute('/managed-certificates-detail/{-$managed_certificate_name}')({ component: Page })

/** How often a certificate the server is still moving on is read again. */
const FOLLOW_MS = 1000

const addons: DetailAddons = {
  actions: (record, context) => (context.can.update ? <CertificateActions record={record} context={context} /> : null),
  // Followed live while an order runs; a settled certificate is not read again.
  refetchInterval: (record) => (TRANSITIONAL_STATUSES.includes(record.status as CertificateStatus) ? FOLLOW_MS : false),
}

function Page() {
  const name = route.useParams({ select: (params) => params.managed_certificate_name })
  return <ResourceDetailRoute ui={leCertificatesUi} name={name} addons={addons} />
}
