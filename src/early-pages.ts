import { serviceBase } from './api/http.ts'
import { collectionPath } from './api/resources.ts'
import { EARLY_NAME, type EarlyPages } from './app/early-requests.ts'
import { DEFAULT_LIST_PARAMS } from './domain/list-search.ts'
import { PAGE_HEADINGS } from './domain/page-headings.ts'
import { formTitle, resourceRoutes } from './domain/resource-ui.ts'
import { RESOURCE_UIS } from './types/screens.ts'

/**
 * The resource pages whose read index.html's script starts (src/app/early-requests.ts): each type's list
 * (its first page, as src/api/resources.ts asks for it) and its detail and edit pages (the record), where
 * the route exists with a one-segment path. And the headings the address alone gives: a list's title, the
 * add page's and the edit page's (the name from the address), and the other pages' whose heading is
 * fixed (src/domain/page-headings.ts), shown while a stored session is checked.
 */
export function earlyPages(declared: readonly string[]): EarlyPages {
  const pages: EarlyPages['pages'] = {}
  const headings: EarlyPages['headings'] = {}
  const oneSegment = /^\/[^/]+$/
  for (const ui of RESOURCE_UIS) {
    const collection = serviceBase(ui.service) + collectionPath(ui, '{p}')
    const routes = resourceRoutes(ui)
    if (oneSegment.test(routes.list) && declared.includes(routes.list)) {
      pages[routes.list] = [collection, false]
      headings[routes.list] = [ui.title, '']
    }
    if (oneSegment.test(routes.add) && declared.includes(routes.add))
      headings[routes.add] = [formTitle(ui, 'create'), '']
    for (const [page, kind] of [
      [routes.detail(''), 'detail'],
      [routes.edit(''), 'edit'],
    ] as const) {
      const base = page.slice(0, -1)
      // The route's path is the base and the name's parameter: `/websites-detail/{-$website_name}`.
      const withName = (path: string) =>
        path.startsWith(`${base}/`) && /^\{-?\$\w+\}$/.test(path.slice(base.length + 1))
      if (!oneSegment.test(base) || !declared.some(withName)) continue
      pages[base] = [collection, true]
      // A record's detail is headed by its display name, which only its answer gives.
      if (kind === 'edit') headings[base] = [formTitle(ui, 'edit', EARLY_NAME), '']
    }
  }
  for (const [path, { title, description }] of Object.entries(PAGE_HEADINGS))
    if (declared.includes(path)) headings[path] = [title, description]
  const { page, items } = DEFAULT_LIST_PARAMS
  return { pages, headings, listQuery: `?page=${page}&items=${items}` }
}
