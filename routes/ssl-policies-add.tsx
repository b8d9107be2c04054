import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/ssl-policies-add')({
  component: () => <ComingSoonPage title="Add a TLS policy" />,
})
