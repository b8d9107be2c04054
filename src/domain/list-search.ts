import * as v from 'valibot'

/**
 * A resource list's place in the URL besides ?project=: page, page size, name filter and sort. Every
 * route tree reads it up front, so it stands alone (valibot only) instead of with the resource screens.
 */

/** Page sizes a list offers; the server never sends more than one page (LIST_PAGE_SIZE.max). */
export const LIST_PAGE_SIZES = [25, 50, 100, 500, 1000] as const

/** A whole number in bounds, typed or pasted in the address bar; anything else reads as absent. */
const wholeNumber = (min: number, max: number) =>
  v.fallback(
    v.optional(
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number))]),
        v.integer(),
        v.minValue(min),
        v.maxValue(max),
      ),
    ),
    undefined,
  )

/** Absent or unreadable values stay out of the URL instead of being written back as defaults. */
export const ResourceListSearch = v.object({
  page: wholeNumber(1, 1_000_000),
  items: wholeNumber(1, 1000),
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200))), undefined),
  sort: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^-?[a-z_]{1,64}(\.[a-z_]{1,64})*$/))), undefined),
})

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
