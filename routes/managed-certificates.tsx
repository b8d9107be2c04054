import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/managed-certificates')({
  component: () => <ComingSoonPage title="LE Certificates" />,
})
