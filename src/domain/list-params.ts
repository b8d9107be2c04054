import type * as v from 'valibot'
import type { ResourceListSearch } from './list-search.ts'
import type { ResourceUi } from './resource-ui.ts'

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

/**
 * A list's sort from the URL if the list offers it (by name, by last change, by a sortable column; each
 * either way), else none (by name): an address edited by hand or kept from an older console shows the
 * list instead of the platform's refusal of a field it cannot sort by.
 */
export function knownSort(ui: Pick<ResourceUi, 'columns'>, sort: string): string {
  const field = sort.replace(/^-/, '')
  return field === 'name' || field === 'updated_at' || ui.columns.some((c) => c.sortable && c.path === field)
    ? sort
    : ''
}
