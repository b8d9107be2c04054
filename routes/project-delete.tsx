import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/project-delete')({
  component: () => <ComingSoonPage title="Delete a project" />,
})
