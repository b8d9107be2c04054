import * as v from 'valibot'
import { integer, Slug } from './common.ts'

export { stripBearer, TOKEN_EMPTY_MESSAGE, TokenLogin } from './token-login.ts'

/**
 * Request inputs of the platform API that are not resources: validated by the server, and by the
 * console before it sends them (the token sign-in form, list parameters kept in the URL).
 */

/** The `{project}` of a path. */
export const ProjectParam = v.pipe(Slug, v.description('The project’s name'))

/** The `{name}` of a path: `what` is the resource it names, such as `website`. */
export function nameParam(what: string) {
  return v.pipe(Slug, v.description(`The ${what}’s name`))
}

export const LIST_PAGE_SIZE = { default: 100, max: 10_000 } as const

/** A list's field filter: one value, matched exactly (or as one of the values of a list field). */
function filterValue(field: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(254, 'at most 254 characters'),
      v.description(`Keeps those whose ${field} is this value (or holds it, for a list)`),
    ),
  )
}

/** Which page of a list (every list of the API, the audit log's too). */
export const ListPage = v.optional(v.pipe(integer(1, 1_000_000), v.description('Page to return, from 1')), 1)
/** How many entries a page of a list holds (API.md, "Envelope and errors"). */
export const ListItems = v.optional(
  v.pipe(integer(1, LIST_PAGE_SIZE.max), v.description('Page size')),
  LIST_PAGE_SIZE.default,
)

/**
 * Paging, name filter and sort of every resource list; `sortable` names the fields one may sort by,
 * `filters` the fields one may filter by (`?owner=ada@example.com&status=active`).
 */
export function listQuery(sortable: readonly string[], filters: readonly string[] = []) {
  const sorts = sortable.flatMap((field) => [field, `-${field}`])
  return v.object({
    page: ListPage,
    items: ListItems,
    q: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(200, 'at most 200 characters'),
        v.description('Keeps those whose name or display name contains this text'),
      ),
    ),
    sort: v.optional(
      v.pipe(
        v.picklist(sorts, `must be one of ${sortable.join(', ')}, with - for descending`),
        v.description('Field to sort by; a leading - sorts descending'),
      ),
    ),
    ...Object.fromEntries(filters.map((field) => [field, filterValue(field)])),
  })
}

/** Paging and the name filter of a list that is always newest first (backups, invalidations): no sort. */
export function newestFirstQuery() {
  return v.omit(listQuery([]), ['sort'])
}

/** `GET /api/auth/v0/auth/permissions` */
export const PermissionsQuery = v.object({
  scope_type: v.optional(
    v.pipe(v.picklist(['project'], 'must be project'), v.description('project, to ask within one project')),
  ),
  scope_value: v.optional(v.pipe(Slug, v.description('The project, with scope_type=project'))),
})

/** `GET /api/auth/v0/search/projects` */
export const ProjectSearchQuery = v.object({
  items: v.optional(v.pipe(integer(1, LIST_PAGE_SIZE.max), v.description('How many at most')), LIST_PAGE_SIZE.default),
  q: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.maxLength(200),
      v.description('Keeps the projects whose name or display name contains it'),
    ),
  ),
})

/** `GET /api/core/v0/search`: the query is trimmed and must not be empty (spec section 5). */
export const GlobalSearchQuery = v.object({
  query: v.pipe(
    v.string('query is required'),
    v.trim(),
    v.minLength(1, 'query is required'),
    v.maxLength(200),
    v.description('Text to look for in names, display names and domains'),
  ),
})

/** `GET /api/core/v0/projects/{p}/sync` */
export const SyncQuery = v.object({
  details: v.optional(
    v.pipe(v.picklist(['true', 'false'], 'must be true or false'), v.description('true adds the state of every node')),
    'false',
  ),
})
