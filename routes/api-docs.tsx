import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/api-docs')({
  component: () => <ComingSoonPage title="API Docs" />,
})
