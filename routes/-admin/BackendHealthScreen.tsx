import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use } from 'react'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { grants } from '../../src/domain/permissions.ts'
import { queryError } from '../../src/queries/errors.ts'
import { BackendHealthPage } from '../../src/views/BackendHealthPage.tsx'
import { PageHeading } from '../../src/views/PageHeading.tsx'

const root = getRouteApi('__root__')

type Filters = { project: string; director: string }

/** Backend Health for a user allowed to read it (wadp.backend-health.list); the server checks it again. */
export function BackendHealthScreen(props: { filters: Filters; onFilter: (filters: Filters) => void }) {
  const { actors } = root.useRouteContext()
  const permissions = useSelector(actors.session, selectPermissions)
  if (!grants(permissions, 'wadp.backend-health.list'))
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
  const health = useQuery(
    queries.backendHealth({ project: filters.project || undefined, director: filters.director || undefined }),
  )
  const projects = useQuery(queries.names('projects', ''))
  const directors = useQuery({ ...queries.names('directors', filters.project), enabled: filters.project !== '' })
  return (
    <BackendHealthPage
      project={filters.project}
      director={filters.director}
      projects={projects.data ?? []}
      directors={filters.project ? (directors.data ?? []) : []}
      status={health.data ? 'ready' : health.isError ? 'error' : 'loading'}
      rows={health.data ?? []}
      error={health.error ? `Backend health could not be loaded: ${queryError.message(health.error)}` : undefined}
      refreshing={health.isFetching}
      onFilter={onFilter}
      onRetry={() => void health.refetch()}
    />
  )
}
