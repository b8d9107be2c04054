import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use } from 'react'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { grants } from '../../src/domain/permissions.ts'
import { queryError } from '../../src/queries/errors.ts'
import { DirectorBackendHealth } from '../../src/views/BackendHealthPage.tsx'

const root = getRouteApi('__root__')

/** A director's backends and their health, for a user who may read backend health (the server checks it too). */
export default function DirectorHealth(props: { project: string; director: string }) {
  const { actors } = root.useRouteContext()
  const permissions = useSelector(actors.session, selectPermissions)
  if (!grants(permissions, 'wadp.backend-health.list')) return null
  return <HealthOf {...props} />
}

function HealthOf({ project, director }: { project: string; director: string }) {
  const { admin } = root.useRouteContext()
  const { queries } = use(admin())
  const health = useQuery(queries.backendHealth({ project, director }))
  return (
    <DirectorBackendHealth
      director={director}
      status={health.data ? 'ready' : health.isError ? 'error' : 'loading'}
      rows={health.data ?? []}
      error={health.error ? `Backend health could not be loaded: ${queryError.message(health.error)}` : undefined}
      onRetry={() => void health.refetch()}
    />
  )
}
