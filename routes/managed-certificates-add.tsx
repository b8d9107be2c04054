import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/managed-certificates-add')({
  component: () => <ComingSoonPage title="Add a LE certificate" />,
})
