import { createFileRoute } from '@tanstack/react-router'
import { TenancyDeletionScreen } from './-admin/TenancyDeletionScreen.tsx'

export const Route = createFileRoute('/customer-delete')({
  component: () => <TenancyDeletionScreen kind="customer" />,
})
