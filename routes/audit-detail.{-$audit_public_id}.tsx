import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { AuditEntryScreen } from './-admin/AuditEntryScreen.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/audit-detail/{-$audit_public_id}')

export const Route = createFileRoute('/audit-detail/{-$audit_public_id}')({ component: Page })

function Page() {
  const publicId = route.useParams({ select: (params) => params.audit_public_id })
  return <AuditEntryScreen publicId={publicId ?? ''} />
}
