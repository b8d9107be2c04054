import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/statistics')({
  component: () => <ComingSoonPage title="Statistics" />,
})
