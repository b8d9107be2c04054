import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/ipLists')({
  component: () => <ComingSoonPage title="IP Lists" />,
})
