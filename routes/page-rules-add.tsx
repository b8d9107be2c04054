import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/page-rules-add')({
  component: () => <ComingSoonPage title="Add a page rule" />,
})
