import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { use } from 'react'
import { BackendHealthPage } from '../../src/views/BackendHealthPage.tsx'
import { PageHeading } from '../../src/views/PageHeading.tsx'
import { useBackendHealth, useMayReadBackendHealth } from './useBackendHealth.ts'

const root = getRouteApi('__root__')

type Filters = { project: string; director: string }

/** Backend Health for a user allowed to read it (wadp.backend-health.list); the server checks it again. */
export function BackendHealthScreen(props: { filters: Filters; onFilter: (filters: Filters) => void }) {
  if (!useMayReadBackendHealth())
    return (
      <>
        <PageHeading title="Backend Health" />
        <p>You do not have permission to read backend health.</p>
      </>
    )
  return <HealthList {...props} />
}

function HealthList({ filters, onFilter }: Parameters<typeof BackendHealthScreen>[0]) {
  const { admin } = root.useRouteContext()
  const { queries } = use(admin())
  const health = useBackendHealth({ project: filters.project || undefined, director: filters.director || undefined })
  const projects = useQuery(queries.names('projects', ''))
  const directors = useQuery({ ...queries.names('directors', filters.project), enabled: filters.project !== '' })
  return (
    <BackendHealthPage
      project={filters.project}
      director={filters.director}
      projects={projects.data ?? []}
      directors={filters.project ? (directors.data ?? []) : []}
      {...health}
      onFilter={onFilter}
    />
  )
}
