import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/sso-groups-roles')({
  component: () => <ComingSoonPage title="SSO Groups/Roles" />,
})
