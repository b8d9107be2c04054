import { createFileRoute } from '@tanstack/react-router'
import { leCertificatesUi } from '../src/types/le-certificates/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/managed-certificates-add')({
  component: () => <ResourceFormRoute ui={leCertificatesUi} mode="create" />,
})
