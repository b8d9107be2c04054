import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/resources')({
  component: () => <ComingSoonPage title="Resources" />,
})
