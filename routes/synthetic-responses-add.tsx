import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/synthetic-responses-add')({
  component: () => <ComingSoonPage title="Add a synthetic response" />,
})
