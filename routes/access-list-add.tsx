import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/access-list-add')({
  component: () => <ComingSoonPage title="Add a Blocklist entry" />,
})
