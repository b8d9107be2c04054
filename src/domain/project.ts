import * as v from 'valibot'

const Parent = v.object({ name: v.string(), display_name: v.nullable(v.string()) })

/** A row of `GET /api/auth/v0/search/projects`: what the project selector lists. */
export const ProjectSummary = v.object({
  name: v.string(),
  display_name: v.nullable(v.string()),
  customer: Parent,
  organization: Parent,
})
export type ProjectSummary = v.InferOutput<typeof ProjectSummary>

/** `GET /api/core/v0/projects/{p}` data (spec section 3, "Project"). */
export const ProjectInfo = v.object({
  name: v.string(),
  display_name: v.nullable(v.string()),
  '@parents': v.object({ customer: Parent, organization: Parent }),
})
export type ProjectInfo = v.InferOutput<typeof ProjectInfo>

/** A global search result (spec section 3, "Search result"). */
export const SearchResult = v.object({
  resource: v.object({ name: v.string(), data: v.object({ name: v.string(), display_name: v.nullable(v.string()) }) }),
  project: v.object({ name: v.string(), display_name: v.nullable(v.string()) }),
  customer: Parent,
  organization: Parent,
  search_string: v.string(),
  search_matching_columns: v.record(v.string(), v.string()),
  /** Where the query matched (a column of the result, offset and length in its text), to highlight it. */
  search_match: v.optional(v.nullable(v.object({ column: v.string(), start: v.number(), length: v.number() }))),
})
export type SearchResult = v.InferOutput<typeof SearchResult>

/** A text cut around the matched part: before, match, after (the match empty when the offsets do not fit). */
export function matchParts(text: string, start: number, length: number): [string, string, string] {
  if (start < 0 || length <= 0 || start + length > text.length) return [text, '', '']
  return [text.slice(0, start), text.slice(start, start + length), text.slice(start + length)]
}

/** Where a search result leads (spec section 2): projects to /home, backups to /backups, others to their detail page. */
export function searchResultPath(result: Pick<SearchResult, 'resource'>): string {
  const type = result.resource.name
  if (type === 'project') return '/home'
  if (type === 'backup') return '/backups'
  return `/${type}-detail/${encodeURIComponent(result.resource.data.name)}`
}

/** Case-insensitive match of the selector's filter against name, display name, customer and organization. */
export function projectMatches(project: ProjectSummary, filter: string): boolean {
  const needle = filter.trim().toLowerCase()
  if (needle === '') return true
  return [
    project.name,
    project.display_name,
    project.customer.name,
    project.customer.display_name,
    project.organization.name,
    project.organization.display_name,
  ].some((value) => value?.toLowerCase().includes(needle))
}

/** The project selector's texts (spec sections 2 and 8). */
export const PROJECT_SELECTOR_MESSAGES = {
  title: 'Select a project',
  noMatch: 'No match',
  noProject: 'No project available',
} as const

/** The global search's messages (spec section 8). */
export const SEARCH_MESSAGES = {
  noResults: (query: string) => `No results found for: "${query}"`,
  failed: 'An error has occurred!',
} as const
