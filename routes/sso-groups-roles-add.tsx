import { createFileRoute } from '@tanstack/react-router'
import { ssoMappingsUi } from '../src/types/sso-mappings/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

export const Route = createFileRoute('/sso-groups-roles-add')({
  component: () => <ResourceFormRoute ui={ssoMappingsUi} mode="create" />,
})
