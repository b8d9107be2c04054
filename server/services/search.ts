import { may, type Principal } from '../base/principal.ts'
import type { ServerContext } from '../context.ts'
import { permissionOf } from '../resources/definition.ts'
import type { ProjectInfo } from '../tenancy.ts'
import { SEARCHED_OUTSIDE_SERVICE, type SearchDoc, type SearchDocs, searchIndexOf } from './search-index.ts'

/** Results a search answers: what the console's dropdown shows without scrolling far. */
export const SEARCH_LIMIT = 20

/** Where the query matched in one of the result's texts, for the console to highlight it. */
export type SearchMatch = { column: string; start: number; length: number }

/** The project a search document belongs to: a project's own name, or the scope of what it holds. */
const projectNameOf = (doc: SearchDoc) => (doc.type === 'projects' ? doc.name : doc.scope)

/**
 * Which resources the caller may get, as a test on each: project-scoped types whose get permission a
 * role grants, projects themselves with wadp.projects.get, the same again for roles granted in some
 * projects only (SSO mappings), all within the projects an API token is limited to: `may` in the
 * resource's project. Null for a caller without any permission.
 */
export function readableTest(ctx: ServerContext, principal: Principal): ((doc: SearchDoc) => boolean) | null {
  if (principal.permissions.length === 0 && (principal.scoped ?? []).length === 0) return null
  const permissionOfType = new Map<string, string>([
    ...ctx.resources
      .all()
      .filter((definition) => definition.scope === 'project')
      .map((definition) => [definition.type, permissionOf(definition, 'get')] as const),
    ['projects', 'wadp.projects.get'],
    ...SEARCHED_OUTSIDE_SERVICE.map((outside) => [outside.type, outside.permission] as const),
  ])
  // `may` in the resource's project (token limits and scoped grants included), once per type and project.
  const verdicts = new Map<string, boolean>()
  return (doc) => {
    const project = projectNameOf(doc)
    const key = `${doc.type}|${project}`
    let verdict = verdicts.get(key)
    if (verdict === undefined) {
      const permission = permissionOfType.get(doc.type)
      verdict = permission !== undefined && project !== '' && may(principal, permission, project)
      verdicts.set(key, verdict)
    }
    return verdict
  }
}

/**
 * The global search (docs/benchmarks.md, "Search"), answered from the process's index
 * (server/services/search-index.ts): the query anywhere in a resource's search text (name, display name
 * and the type's searchable values), or for a query of one or two characters at the start of its name;
 * ranked exact name or display name first, then either starting with the query, then the rest, then
 * by type and name; only what the caller may get, in projects that exist; SEARCH_LIMIT results.
 */
function answer(
  docs: SearchDocs,
  text: string,
  readable: (doc: SearchDoc) => boolean,
  projects: ReadonlyMap<string, ProjectInfo>,
  routeNameOf: (apiType: string) => string,
) {
  const needle = text.toLowerCase()
  const projectOf = (doc: SearchDoc) => projects.get(projectNameOf(doc))
  const admit = (doc: SearchDoc) => readable(doc) && projectOf(doc) !== undefined
  return docs.query(needle, admit, SEARCH_LIMIT).map(({ doc }) => {
    const project = projectOf(doc) as ProjectInfo
    const columns = matchingColumns(doc.record, needle)
    return {
      resource: { name: routeNameOf(doc.type), data: { name: doc.name, display_name: doc.displayName } },
      project: { name: project.name, display_name: project.display_name },
      customer: project.customer,
      organization: project.organization,
      search_string: text,
      search_matching_columns: columns,
      search_match: firstMatch(columns, needle),
    }
  })
}

type Memo = { answers: Map<string, string>; version: number; stamp: string }
const memos = new WeakMap<ServerContext, Memo>()
const MAX_ANSWERS = 5000

/**
 * The search answer as JSON, memoised per caller reach (permissions, scoped grants, token projects)
 * and query text while the index stays where it was (its version moves with every change this process
 * hears of and every sync) and, on a shared PostgreSQL server, while no cache generation moved
 * (Generations.anyChange, read before anything else, as docs/adr/0003-coherent-reads.md does for lists),
 * so another process's write is seen by the next search. An answer computed while a change landed is
 * not kept.
 */
export async function searchBody(ctx: ServerContext, principal: Principal, text: string): Promise<string> {
  const index = searchIndexOf(ctx)
  const stamp = await ctx.generations.anyChange()
  let memo = memos.get(ctx)
  if (!memo) {
    memo = { answers: new Map(), version: -1, stamp: '' }
    memos.set(ctx, memo)
  }
  const key = JSON.stringify([principal.permissions, principal.scoped ?? [], principal.projects, text])
  if (memo.stamp === stamp && memo.version === index.version) {
    const known = memo.answers.get(key)
    if (known !== undefined) return known
  }
  const readable = readableTest(ctx, principal)
  if (!readable) return JSON.stringify({ data: [] })
  const before = index.version
  const projects = await ctx.tenancy.lookup()
  const kept = memo
  return index.read(stamp, (docs, version) => {
    const body = JSON.stringify({ data: answer(docs, text, readable, projects, ctx.catalog.routeNameOf) })
    // A change heard of (or a sync) while the projects were read: they may predate it, so it is not kept.
    if (version !== before) return body
    if (kept.stamp !== stamp || kept.version !== version || kept.answers.size >= MAX_ANSWERS) {
      kept.answers.clear()
      kept.stamp = stamp
      kept.version = version
    }
    kept.answers.set(key, body)
    return body
  })
}

/** The first column (name, then display name, then the others) containing the needle, and where. */
export function firstMatch(columns: Record<string, string>, needle: string): SearchMatch | null {
  for (const [column, value] of Object.entries(columns)) {
    const start = value.toLowerCase().indexOf(needle)
    if (start >= 0) return { column, start, length: needle.length }
  }
  return null
}

/** The columns (dot paths into nested fields, such as `backends.host`) whose text contains the needle. */
function matchingColumns(record: Record<string, unknown>, needle: string, prefix = ''): Record<string, string> {
  const columns: Record<string, string> = {}
  for (const [key, value] of Object.entries(record)) {
    const column = prefix + key
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' && item.toLowerCase().includes(needle)) columns[column] ??= item
      else if (item && typeof item === 'object' && !Array.isArray(item) && prefix === '') {
        Object.assign(columns, matchingColumns(item as Record<string, unknown>, needle, `${column}.`))
      }
    }
  }
  return columns
}
