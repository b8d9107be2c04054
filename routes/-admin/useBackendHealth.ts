import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use } from 'react'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { grants } from '../../src/domain/permissions.ts'
import { queryError } from '../../src/queries/errors.ts'

const root = getRouteApi('__root__')

/** Whether the user may read backend health (wadp.backend-health.list); the server checks it again. */
export function useMayReadBackendHealth(): boolean {
  const { actors } = root.useRouteContext()
  return grants(useSelector(actors.session, selectPermissions), 'wadp.backend-health.list')
}

/** Backend health rows for a project and director (either may be left out), as the views take them. */
export function useBackendHealth(filters: { project?: string; director?: string }) {
  const { admin } = root.useRouteContext()
  const { queries } = use(admin())
  const health = useQuery(queries.backendHealth(filters))
  return {
    status: health.data ? ('ready' as const) : health.isError ? ('error' as const) : ('loading' as const),
    rows: health.data ?? [],
    error: health.error ? `Backend health could not be loaded: ${queryError.message(health.error)}` : undefined,
    refreshing: health.isFetching,
    onRetry: () => void health.refetch(),
  }
}
