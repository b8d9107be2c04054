import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/sso-groups-roles-add')({
  component: () => <ComingSoonPage title="Add a SSO group/role mapping" />,
})
