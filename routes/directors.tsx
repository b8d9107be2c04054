import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/directors')({
  component: () => <ComingSoonPage title="Directors" />,
})
