import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use } from 'react'
import { selectProjectName, selectProjectPermissions } from '../../machines/project.selectors.ts'
import { grants } from '../../src/domain/permissions.ts'
import { type ResourceUi, resourcePermission } from '../../src/domain/resource-ui.ts'

const root = getRouteApi('__root__')

/**
 * What every resource page needs: the selected project, what the user may do with the type there
 * (spec section 6; the server enforces the same), and the router context's queries and machines.
 */
export function useResourcePage(ui: ResourceUi) {
  const { actors, resources, queryClient } = root.useRouteContext()
  // Suspends until the resource tools are loaded (once, for every resource page).
  const { queries, machines, actions } = use(resources())
  const project = useSelector(actors.project, selectProjectName)
  const permissions = useSelector(actors.project, selectProjectPermissions)
  const may = (action: 'list' | 'get' | 'create' | 'update' | 'delete') =>
    grants(permissions, resourcePermission(ui, action))
  return {
    project,
    can: { list: may('list'), get: may('get'), create: may('create'), update: may('update'), delete: may('delete') },
    queries,
    machines,
    actions,
    queryClient,
  }
}
