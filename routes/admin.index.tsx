import { createFileRoute } from '@tanstack/react-router'
import { projectsUi } from '../src/domain/definitions/tenancy.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/admin/')({
  validateSearch: ResourceListSearch,
  component: () => <ResourceListRoute ui={projectsUi} />,
})
