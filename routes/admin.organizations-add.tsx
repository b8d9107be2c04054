import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/admin/organizations-add')({
  component: () => <ComingSoonPage title="Add an organization" />,
})
