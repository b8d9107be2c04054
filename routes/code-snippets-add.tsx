import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/code-snippets-add')({
  component: () => <ComingSoonPage title="Add a VCL snippet" />,
})
