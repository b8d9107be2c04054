import * as v from 'valibot'
import { integer, Slug } from './common.ts'

/**
 * Request inputs of the platform API that are not resources: validated by the server, and by the
 * console before it sends them (the token sign-in form, list parameters kept in the URL).
 */

/** The console and the server both drop a pasted `Bearer ` prefix (spec section 7). */
export function stripBearer(value: string): string {
  return value
    .trim()
    .replace(/^bearer\s+/i, '')
    .trim()
}

export const TOKEN_EMPTY_MESSAGE = 'Token cannot be empty.'

/** `POST /api/auth/v0/login` body. */
export const TokenLogin = v.object({
  token: v.pipe(v.string(TOKEN_EMPTY_MESSAGE), v.transform(stripBearer), v.minLength(1, TOKEN_EMPTY_MESSAGE)),
})

export const LIST_PAGE_SIZE = { default: 100, max: 10_000 } as const

/** A list's field filter: one value, matched exactly (or as one of the values of a list field). */
const FilterValue = v.optional(
  v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(254, 'at most 254 characters')),
)

/**
 * Paging, name filter and sort of every resource list; `sortable` names the fields one may sort by,
 * `filters` the fields one may filter by (`?owner=ada@example.com&status=active`).
 */
export function listQuery(sortable: readonly string[], filters: readonly string[] = []) {
  const sorts = sortable.flatMap((field) => [field, `-${field}`])
  return v.object({
    page: v.optional(integer(1, 1_000_000), 1),
    items: v.optional(integer(1, LIST_PAGE_SIZE.max), LIST_PAGE_SIZE.default),
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'at most 200 characters'))),
    sort: v.optional(v.picklist(sorts, `must be one of ${sortable.join(', ')}, with - for descending`)),
    ...Object.fromEntries(filters.map((field) => [field, FilterValue])),
  })
}

/** `GET /api/auth/v0/auth/permissions` */
export const PermissionsQuery = v.object({
  scope_type: v.optional(v.picklist(['project'], 'must be project')),
  scope_value: v.optional(Slug),
})

/** `GET /api/auth/v0/search/projects` */
export const ProjectSearchQuery = v.object({
  items: v.optional(integer(1, LIST_PAGE_SIZE.max), LIST_PAGE_SIZE.default),
  q: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(200))),
})

/** `GET /api/core/v0/search`: the query is trimmed and must not be empty (spec section 5). */
export const GlobalSearchQuery = v.object({
  query: v.pipe(v.string('query is required'), v.trim(), v.minLength(1, 'query is required'), v.maxLength(200)),
})

/** `GET /api/core/v0/projects/{p}/sync` */
export const SyncQuery = v.object({
  details: v.optional(v.picklist(['true', 'false'], 'must be true or false'), 'false'),
})
