import * as v from 'valibot'

/**
 * A resource list's place in the URL besides ?project=: page, page size, name filter and sort. Every
 * route tree reads it up front, so it stands alone (valibot only) instead of with the resource screens.
 */

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
  // No NUL: the platform can store none, so it refuses a filter holding one (a pasted %00).
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200), v.regex(/^[^\0]*$/))), undefined),
  sort: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^-?[a-z_]{1,64}(\.[a-z_]{1,64})*$/))), undefined),
})
