import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/invalidation')({
  component: () => <ComingSoonPage title="Invalidation" />,
})
