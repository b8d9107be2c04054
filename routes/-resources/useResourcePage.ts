import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use } from 'react'
import { selectIsProjectBusy, selectProjectName, selectProjectPermissions } from '../../machines/project.selectors.ts'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { grants } from '../../src/domain/permissions.ts'
import { type ResourceUi, resourcePermission } from '../../src/domain/resource-ui.ts'
// The resource tools (context.resources()) come with every resource page's code, preloaded with it, instead
// of one round trip after its first render: the module announces itself as it runs
// (src/app/loaded-modules.ts), and the context takes it from there.
import '../../src/app/resources.ts'

const root = getRouteApi('__root__')

/** The scope a platform type's pages pass where a project type's pass the selected project. */
export const PLATFORM_SCOPE = ''

/**
 * What every resource page needs: the selected project (the platform's scope for a platform type; null
 * while none is selected), what the user may do with the type there (spec section 6; the server enforces
 * the same), and the router context's queries and machines.
 */
export function useResourcePage(ui: ResourceUi) {
  const { actors, resources, queryClient } = root.useRouteContext()
  // Suspends until the resource tools are loaded (once, for every resource page).
  const { queries, machines, actions } = use(resources())
  const platform = ui.scope === 'platform'
  const selected = useSelector(actors.project, selectProjectName)
  const projectPermissions = useSelector(actors.project, selectProjectPermissions)
  const sessionPermissions = useSelector(actors.session, selectPermissions)
  const opening = useSelector(actors.project, selectIsProjectBusy)
  // A link into another project (a search result) renders before the project machine hears of the URL:
  // until it has, the open project's permissions are not this page's, and nothing is asked of it.
  const inUrl = root.useSearch({ select: (search) => search.project ?? null })
  const switching = !platform && inUrl !== null && inUrl !== selected
  const project = platform ? PLATFORM_SCOPE : selected
  const permissions = platform ? sessionPermissions : switching ? [] : projectPermissions
  const may = (action: 'list' | 'get' | 'create' | 'update' | 'delete') =>
    grants(permissions, resourcePermission(ui, action))
  return {
    project,
    /** The project's permissions are on their way: a page it does not allow yet waits rather than refuses. */
    waiting: !platform && (opening || switching),
    can: {
      list: may('list'),
      get: may('get'),
      create: may('create'),
      update: may('update'),
      delete: ui.deletable !== false && may('delete'),
    },
    queries,
    machines,
    actions,
    queryClient,
  }
}

/** What `useResourcePage` gives a resource page, as its parts take it. */
export type ResourcePage = ReturnType<typeof useResourcePage>
