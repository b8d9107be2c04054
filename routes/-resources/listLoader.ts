import * as v from 'valibot'
import { selectProjectName, selectProjectPermissions } from '../../machines/project.selectors.ts'
import { selectPermissions } from '../../machines/session.selectors.ts'
import type { RouterContext } from '../../src/app/router-context.ts'
import { knownSort, listParams } from '../../src/domain/list-params.ts'
import { ResourceListSearch } from '../../src/domain/list-search.ts'

import { grants } from '../../src/domain/permissions.ts'
import { listFilterValues, type ResourceUi, resourcePermission } from '../../src/domain/resource-ui.ts'
// With the resource tools, which useResourcePage.ts imports: they come with the loader's code, fetched
// beside it, and the context's resources() finds them there (src/app/loaded-modules.ts).
import { PLATFORM_SCOPE } from './useResourcePage.ts'

type ListLoaderContext = {
  context: RouterContext
  location: { search: unknown }
  route: { options: { validateSearch?: unknown } }
}

/**
 * A list route's loader (`loader: listLoader(websitesUi)`): starts the page's list query when the route
 * starts (beside its code, not after it has rendered) and when a link to it is hovered or focused (the
 * router's intent preloading), so the page finds its rows in the query cache. Only for the selected
 * project (the platform for a platform type) and when the user may list the type there: otherwise the
 * page says why and nothing is asked. It neither waits for the answer nor fails: the page shows the
 * loading and any error itself.
 */
export function listLoader(ui: ResourceUi) {
  return async ({ context, location, route }: ListLoaderContext): Promise<void> => {
    const platform = ui.scope === 'platform'
    const project = platform ? PLATFORM_SCOPE : selectProjectName(context.actors.project.getSnapshot())
    const permissions = platform
      ? selectPermissions(context.actors.session.getSnapshot())
      : selectProjectPermissions(context.actors.project.getSnapshot())
    if (project === null || !grants(permissions, resourcePermission(ui, 'list'))) return
    // The search as the page reads it: through the route's schema (a list's, with its dropdown filters).
    const schema = (route.options.validateSearch ?? ResourceListSearch) as v.GenericSchema
    const search = v.safeParse(schema, location.search)
    if (!search.success) return
    const loading = context.resources()
    const tools = await loading
    // React's use() (useResourcePage) reads a promise marked settled at once instead of suspending the
    // page, which React would then hold behind its fallback for up to 300 ms.
    Object.assign(loading, { status: 'fulfilled', value: tools })
    const { queries } = tools
    // The page's own query (ProjectList reads the same): it finds the rows in the cache.
    const read = listParams(v.parse(ResourceListSearch, search.output))
    const { page, items, q } = read
    const sort = knownSort(ui, read.sort)
    const filters = listFilterValues(ui, search.output as Record<string, unknown>)
    context.queryClient.ensureQueryData(queries.list(ui, project, { page, items, q, sort }, filters)).catch(() => {})
  }
}
