import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'
import { AdminSyncButton } from './-shell/AdminSyncButton.tsx'

// The Blocklist's admin sync-status button comes before the list itself (issue 4).
export const Route = createFileRoute('/access-list')({
  component: () => (
    <>
      <div className="mb-4 flex justify-end">
        <AdminSyncButton />
      </div>
      <ComingSoonPage title="Blocklist" />
    </>
  ),
})
