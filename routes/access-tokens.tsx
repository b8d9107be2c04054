import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/access-tokens')({
  component: () => <ComingSoonPage title="Access Tokens" />,
})
