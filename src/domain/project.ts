import * as v from 'valibot'

const Parent = v.object({ name: v.string(), display_name: v.nullable(v.string()) })
/** A project's customer or organization, as a project names it. */
export type Parent = v.InferOutput<typeof Parent>

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

/** What the console says when the project in the URL cannot be opened because it is not there for the user. */
export const PROJECT_MESSAGES = {
  unavailableTitle: 'Project not found',
  // The platform answers alike for a project that does not exist and one the user may not reach.
  unavailable: (project: string) => `The project "${project}" does not exist, or you have no access to it.`,
  chooseProject: 'Choose a project',
} as const

/**
 * The platform said the project does not exist or is not the user's (a 404 or 403): asking again will not
 * change that, unlike a failure to load it.
 */
export class ProjectUnavailableError extends Error {
  readonly project: string
  constructor(project: string) {
    super(PROJECT_MESSAGES.unavailable(project))
    this.name = 'ProjectUnavailableError'
    this.project = project
  }
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
