import { serviceBase } from './api/http.ts'
import { collectionPath } from './api/resources.ts'
import type { EarlyPages } from './app/early-requests.ts'
import { DEFAULT_LIST_PARAMS } from './domain/list-search.ts'
import { resourceRoutes } from './domain/resource-ui.ts'
import { RESOURCE_UIS } from './types/screens.ts'

/**
 * The resource pages whose read index.html's script starts (src/app/early-requests.ts): each type's list
 * (its first page, as src/api/resources.ts asks for it) and its detail and edit pages (the record), where
 * the route exists with a one-segment path.
 */
export function earlyPages(declared: readonly string[]): EarlyPages {
  const pages: EarlyPages['pages'] = {}
  const oneSegment = /^\/[^/]+$/
  for (const ui of RESOURCE_UIS) {
    const collection = serviceBase(ui.service) + collectionPath(ui, '{p}')
    const routes = resourceRoutes(ui)
    if (oneSegment.test(routes.list) && declared.includes(routes.list)) pages[routes.list] = [collection, false]
    for (const page of [routes.detail(''), routes.edit('')]) {
      const base = page.slice(0, -1)
      // The route's path is the base and the name's parameter: `/websites-detail/{-$website_name}`.
      const withName = (path: string) =>
        path.startsWith(`${base}/`) && /^\{-?\$\w+\}$/.test(path.slice(base.length + 1))
      if (oneSegment.test(base) && declared.some(withName)) pages[base] = [collection, true]
    }
  }
  const { page, items } = DEFAULT_LIST_PARAMS
  return { pages, listQuery: `?page=${page}&items=${items}` }
}
