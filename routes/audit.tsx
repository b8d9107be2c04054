import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/audit')({
  component: () => <ComingSoonPage title="Audit Log" />,
})
