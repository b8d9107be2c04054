import type * as v from 'valibot'
import type { ResourceListSearch } from './list-search.ts'

/**
 * A resource list's params as its page works with them: what the URL search (list-search.ts, read by every
 * route up front) means once defaults are filled in. Apart from it, so that the list pages load this with
 * their code rather than every page with the start.
 */

/** Page sizes a list offers; the server never sends more than one page (LIST_PAGE_SIZE.max). */
export const LIST_PAGE_SIZES = [25, 50, 100, 500, 1000] as const

export type ResourceListParams = { page: number; items: number; q: string; sort: string }

export const DEFAULT_LIST_PARAMS: ResourceListParams = { page: 1, items: 100, q: '', sort: '' }

export function listParams(search: v.InferOutput<typeof ResourceListSearch>): ResourceListParams {
  return {
    page: search.page ?? DEFAULT_LIST_PARAMS.page,
    items: search.items ?? DEFAULT_LIST_PARAMS.items,
    q: search.q ?? DEFAULT_LIST_PARAMS.q,
    sort: search.sort ?? DEFAULT_LIST_PARAMS.sort,
  }
}

/** The URL search of list params: defaults left out, so /websites?project=shop is page 1 of 100 by name. */
export function listSearchOf(params: ResourceListParams): v.InferOutput<typeof ResourceListSearch> {
  const unlessDefault = <K extends keyof ResourceListParams>(key: K) =>
    params[key] === DEFAULT_LIST_PARAMS[key] ? undefined : params[key]
  return {
    page: unlessDefault('page'),
    items: unlessDefault('items'),
    q: unlessDefault('q'),
    sort: unlessDefault('sort'),
  }
}
