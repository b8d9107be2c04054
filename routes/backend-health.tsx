import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/backend-health')({
  component: () => <ComingSoonPage title="Backend Health" />,
})
