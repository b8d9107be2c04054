import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/access-list')({
  component: () => <ComingSoonPage title="Blocklist" />,
})
