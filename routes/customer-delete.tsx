import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/customer-delete')({
  component: () => <ComingSoonPage title="Delete a customer" />,
})
