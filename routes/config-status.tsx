import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '../src/views/ComingSoonPage.tsx'
import { AdminSyncButton } from './-shell/AdminSyncButton.tsx'

/** Config Status: the admin configuration's synchronization over the node fleet. */
export const Route = createFileRoute('/config-status')({
  component: () => (
    <PageHeading
      title="Config Status"
      description="Whether every node has applied the platform's latest admin configuration."
      actions={<AdminSyncButton />}
    />
  ),
})
