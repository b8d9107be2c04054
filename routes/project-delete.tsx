import { createFileRoute } from '@tanstack/react-router'
import { TenancyDeletionScreen } from './-admin/TenancyDeletionScreen.tsx'

export const Route = createFileRoute('/project-delete')({
  component: () => <TenancyDeletionScreen kind="project" />,
})
