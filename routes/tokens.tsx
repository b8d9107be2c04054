import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/tokens')({
  component: () => <ComingSoonPage title="Manage Tokens" />,
})
