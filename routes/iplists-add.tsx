import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/iplists-add')({
  component: () => <ComingSoonPage title="Add an IP list" />,
})
