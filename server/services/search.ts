import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { grants } from '../../src/domain/permissions.ts'
import { routeNameOf } from '../../src/domain/resource-routes.ts'
import type { ServerContext } from '../context.ts'
import { resources } from '../db/schema.ts'
import { may, type Principal } from '../http/principal.ts'
import { escapeLike } from '../resources/store.ts'

/** Results a search answers: what the console's dropdown shows without scrolling far. */
export const SEARCH_LIMIT = 20
/**
 * Candidates each branch of the query may produce before ranking: bounds the work of a query that
 * matches half the platform (`site`, `example`) to reading this many rows per branch, whatever the size.
 */
export const SEARCH_CANDIDATES = 200
/** pg_trgm extracts no trigram from fewer characters, so its index cannot serve `%ab%`. */
export const TRIGRAM_MIN = 3

/** Where the query matched in one of the result's texts, for the console to highlight it. */
export type SearchMatch = { column: string; start: number; length: number }

/**
 * Which rows the caller may get, as SQL: project-scoped types whose get permission a role grants,
 * projects themselves with wadp.projects.get, the same again for roles granted in some projects only
 * (SSO mappings), all within the projects an API token is limited to. Null when nothing is readable.
 */
function readableCondition(ctx: ServerContext, principal: Principal): SQL | null {
  const readableWith = (permissions: string[]) =>
    ctx.resources
      .all()
      .filter((d) => d.scope === 'project' && grants(permissions, `${d.permissionService}.${d.type}.get`))
      .map((d) => d.type)
  const readable = readableWith(principal.permissions)
  const scopes: SQL[] = []
  if (readable.length > 0) scopes.push(and(sql`${resources.scope} <> ''`, inArray(resources.type, readable)) as SQL)
  if (may(principal, 'wadp.projects.get'))
    scopes.push(and(eq(resources.scope, ''), eq(resources.type, 'projects')) as SQL)
  for (const grant of principal.scoped ?? []) {
    const types = readableWith(grant.permissions)
    if (types.length > 0)
      scopes.push(and(inArray(resources.scope, grant.projects), inArray(resources.type, types)) as SQL)
    if (grants(grant.permissions, 'wadp.projects.get'))
      scopes.push(
        and(eq(resources.scope, ''), eq(resources.type, 'projects'), inArray(resources.name, grant.projects)) as SQL,
      )
  }
  if (scopes.length === 0) return null
  const conditions = [or(...scopes)]
  if (principal.projects) {
    conditions.push(
      or(
        inArray(resources.scope, principal.projects),
        and(eq(resources.type, 'projects'), inArray(resources.name, principal.projects)),
      ),
    )
  }
  return and(...conditions) as SQL
}

/**
 * The global search (docs/benchmarks.md, "Where the time goes"). One statement: candidates from two
 * index-backed branches, each capped at SEARCH_CANDIDATES rows — names starting with the query (btree
 * on lower(name), text_pattern_ops) and, for queries of 3 characters or more, search texts containing
 * it (the pg_trgm GIN index) — then ranked: exact name or display name, then prefix, then substring,
 * then type and name. Permissions are part of each branch's WHERE. Shorter queries match name
 * prefixes only: a substring of one or two characters cannot use the trigram index and would read
 * every row. Projects, customers and organizations come from the tenancy snapshot (one read).
 */
export async function search(ctx: ServerContext, principal: Principal, text: string) {
  const needle = text.toLowerCase()
  const readable = readableCondition(ctx, principal)
  if (!readable) return []
  const prefix = `${escapeLike(needle)}%`
  const byName = sql`(select ${resources.id} from ${resources}
    where lower(${resources.name}) like ${prefix} and ${readable} limit ${SEARCH_CANDIDATES})`
  const bySubstring = sql`(select ${resources.id} from ${resources}
    where ${resources.searchText} like ${`%${escapeLike(needle)}%`} and ${readable} limit ${SEARCH_CANDIDATES})`
  const candidates = needle.length >= TRIGRAM_MIN ? sql`${byName} union ${bySubstring}` : byName
  const rank = sql<number>`case
    when lower(${resources.name}) = ${needle} or lower(${resources.displayName}) = ${needle} then 0
    when lower(${resources.name}) like ${prefix} or lower(${resources.displayName}) like ${prefix} then 1
    else 2 end`
  const rows = await ctx.db
    .select({
      type: resources.type,
      scope: resources.scope,
      name: resources.name,
      displayName: resources.displayName,
      data: resources.data,
      rank,
    })
    .from(resources)
    .where(sql`${resources.id} in (${candidates})`)
    .orderBy(rank, resources.type, resources.name)
    .limit(SEARCH_LIMIT)
  const projects = await ctx.tenancy.lookup()
  const results = []
  for (const row of rows) {
    const project = projects.get(row.type === 'projects' ? row.name : row.scope)
    if (!project) continue
    const columns = matchingColumns({ name: row.name, display_name: row.displayName, ...row.data }, needle)
    results.push({
      resource: { name: routeNameOf(row.type), data: { name: row.name, display_name: row.displayName } },
      project: { name: project.name, display_name: project.display_name },
      customer: project.customer,
      organization: project.organization,
      search_string: text,
      search_matching_columns: columns,
      search_match: firstMatch(columns, needle),
    })
  }
  return results
}

type Memo = { answers: Map<string, string>; changes: number; stamp: string }
const memos = new WeakMap<ServerContext, Memo>()
const MAX_ANSWERS = 5000

function memoOf(ctx: ServerContext): Memo {
  let memo = memos.get(ctx)
  if (!memo) {
    const created: Memo = { answers: new Map(), changes: 0, stamp: '' }
    ctx.resources.onChange(() => {
      created.answers.clear()
      created.changes += 1
    })
    memos.set(ctx, created)
    memo = created
  }
  return memo
}

/**
 * The search answer as JSON, memoised per caller reach (permissions, scoped grants, token projects)
 * and query text. This process's own writes empty the memo at once (the resource service's change
 * listener); on a shared PostgreSQL server it is also emptied whenever any cache generation moved
 * (Generations.anyChange, read before computing, as docs/adr/0003-coherent-reads.md does for lists),
 * so another process's write is seen by the next search. An answer computed while a change landed is
 * not kept.
 */
export async function searchBody(ctx: ServerContext, principal: Principal, text: string): Promise<string> {
  const memo = memoOf(ctx)
  const stamp = await ctx.generations.anyChange()
  if (memo.stamp !== stamp) {
    memo.answers.clear()
    memo.stamp = stamp
  }
  const key = JSON.stringify([principal.permissions, principal.scoped ?? [], principal.projects, text])
  const known = memo.answers.get(key)
  if (known !== undefined) return known
  const changes = memo.changes
  const body = JSON.stringify({ data: await search(ctx, principal, text) })
  if (memo.changes === changes && memo.stamp === stamp) {
    if (memo.answers.size >= MAX_ANSWERS) memo.answers.clear()
    memo.answers.set(key, body)
  }
  return body
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
