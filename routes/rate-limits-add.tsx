import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/rate-limits-add')({
  component: () => <ComingSoonPage title="Add a rate limit" />,
})
