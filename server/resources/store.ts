import { and, asc, count, desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { resources } from '../db/schema.ts'
import { isoTimestamp } from '../db/time.ts'
import type { ResourceData, ResourceDefinition, ResourceRecord } from './definition.ts'

type Row = typeof resources.$inferSelect

export function toRecord(row: Row): ResourceRecord {
  return {
    name: row.name,
    display_name: row.displayName,
    ...row.data,
    revision: row.revision,
    created_at: isoTimestamp(row.createdAt),
    created_by: row.createdBy,
    updated_at: isoTimestamp(row.updatedAt),
    updated_by: row.updatedBy,
  }
}

export type ListQuery = {
  page: number
  items: number
  q?: string | undefined
  sort?: string | undefined
  /** Data field -> value it must hold (see `listFilters`). */
  filters?: Record<string, string>
  /** Filters that look through a reference (see `filterThrough`): the referenced type and its field. */
  through?: Record<string, { reference: string; type: string; holds: string }>
}

/** Text matched literally by LIKE: its wildcards and the escape character escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export function searchTextOf(
  definition: ResourceDefinition,
  name: string,
  displayName: string | null,
  data: ResourceData,
) {
  return [name, displayName ?? '', ...(definition.searchable?.(data) ?? [])].join(' ').toLowerCase()
}

function sortOrder(sort: string | undefined): SQL[] {
  if (!sort) return [asc(resources.name)]
  const descending = sort.startsWith('-')
  const field = descending ? sort.slice(1) : sort
  const columns: Record<string, SQL> = {
    name: sql`${resources.name}`,
    display_name: sql`coalesce(${resources.displayName}, ${resources.name})`,
    created_at: sql`${resources.createdAt}`,
    updated_at: sql`${resources.updatedAt}`,
    revision: sql`${resources.revision}`,
  }
  const direction = descending ? desc : asc
  const known = columns[field]
  if (known) return [direction(known), asc(resources.name)]
  // A data field, or a nested one by its dotted path (`match.path`): the router allows only known ones.
  const path = `{${field.split('.').join(',')}}`
  // Numbers (a page rule's priority) sort by value, not as text where 10 comes before 9.
  const numeric = sql`case when jsonb_typeof(${resources.data} #> ${path}::text[]) = 'number' then (${resources.data} #>> ${path}::text[])::numeric end`
  return [direction(numeric), direction(sql`${resources.data} #>> ${path}::text[]`), asc(resources.name)]
}

/**
 * A page of a type's resources in a scope. `leaveOut`: keys of `data` not read at all (a backup's
 * document, which a list never shows and which can be megabytes).
 */
export async function listResources(
  db: Db,
  type: string,
  scope: string,
  query: ListQuery,
  leaveOut: readonly string[] = [],
) {
  const conditions: SQL[] = [eq(resources.type, type), eq(resources.scope, scope)]
  if (query.q) {
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`
    const match = or(
      sql`lower(${resources.name}) like ${pattern}`,
      sql`lower(coalesce(${resources.displayName}, '')) like ${pattern}`,
    )
    if (match) conditions.push(match)
  }
  for (const [field, value] of Object.entries(query.filters ?? {})) {
    const via = query.through?.[field]
    if (via) {
      // The name the reference holds is one of the referenced resources holding the value.
      conditions.push(
        sql`${resources.data}->>${via.reference} in (select "name" from "resources" where "type" = ${via.type} and "scope" = '' and "data"->>${via.holds} = ${value})`,
      )
      continue
    }
    const held = or(
      sql`${resources.data}->>${field} = ${value}`,
      sql`jsonb_typeof(${resources.data}->${field}) = 'array' and ${resources.data}->${field} @> jsonb_build_array(${value}::text)`,
    )
    if (held) conditions.push(held)
  }
  const where = and(...conditions)
  const columns = {
    ...getTableColumns(resources),
    data: leaveOut.reduce<SQL<ResourceData>>((data, key) => sql`${data} - ${key}::text`, sql`${resources.data}`),
  }
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(resources)
      .where(where)
      .orderBy(...sortOrder(query.sort))
      .limit(query.items)
      .offset((query.page - 1) * query.items),
    db.select({ total: count() }).from(resources).where(where),
  ])
  return { rows: rows.map(toRecord), total: totals[0]?.total ?? 0 }
}

export async function getResource(db: Db, type: string, scope: string, name: string): Promise<ResourceRecord | null> {
  const rows = await db
    .select()
    .from(resources)
    .where(and(eq(resources.type, type), eq(resources.scope, scope), eq(resources.name, name)))
    .limit(1)
  return rows[0] ? toRecord(rows[0]) : null
}

/**
 * How a write holds a row it depends on until it commits: `update` before deleting it and what it holds
 * (a project and its configuration); `key share` (or `share`) before writing into it or naming it (a
 * resource into its project, a website naming its director), so that the two take turns on a PostgreSQL
 * server. `key share` waits only for a delete, never for an ordinary update of the row.
 */
export type RowLock = 'update' | 'share' | 'key share'

/**
 * Locks a resource's row for the rest of the transaction (see `RowLock`); whether it exists, as the lock
 * found it: a row deleted by the transaction it waited for is not found.
 */
export async function lockResource(
  db: Db,
  type: string,
  scope: string,
  name: string,
  strength: RowLock,
): Promise<boolean> {
  const rows = await db
    .select({ name: resources.name })
    .from(resources)
    .where(and(eq(resources.type, type), eq(resources.scope, scope), eq(resources.name, name)))
    .for(strength)
  return rows.length > 0
}

/** For each of `names` of `type` in `scope`, the text its `field` holds. */
export async function heldBy(db: Db, type: string, scope: string, names: string[], field: string) {
  if (names.length === 0) return new Map<string, string | null>()
  const rows = await db
    .select({ name: resources.name, value: sql<string | null>`${resources.data}->>${field}` })
    .from(resources)
    .where(and(eq(resources.type, type), eq(resources.scope, scope), inArray(resources.name, names)))
  return new Map(rows.map((row) => [row.name, row.value]))
}

/**
 * Which of `names` exist as `type` in `scope`; with `lock`, those found stay locked until the transaction
 * ends (a write naming them: a delete of one waits for it, and then finds it named).
 */
export async function existingNames(
  db: Db,
  type: string,
  scope: string,
  names: string[],
  lock?: RowLock,
): Promise<Set<string>> {
  if (names.length === 0) return new Set()
  const query = db
    .select({ name: resources.name })
    .from(resources)
    .where(and(eq(resources.type, type), eq(resources.scope, scope), inArray(resources.name, names)))
  const rows = lock ? await query.for(lock) : await query
  return new Set(rows.map((row) => row.name))
}

/** A field or a dotted path into nested objects (`action.director`) as a PostgreSQL path array. */
function jsonPath(field: string): SQL {
  return sql`array[${sql.join(
    field.split('.').map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`
}

/**
 * Resources of `type` in `scope` whose `field` (a dotted path, see `references`) names `target`: a
 * string field or a list of names.
 */
export async function findReferrers(db: Db, type: string, scope: string, field: string, target: string) {
  const path = jsonPath(field)
  const rows = await db
    .select({ name: resources.name })
    .from(resources)
    .where(
      and(
        eq(resources.type, type),
        eq(resources.scope, scope),
        or(
          sql`${resources.data} #>> ${path} = ${target}`,
          sql`jsonb_typeof(${resources.data} #> ${path}) = 'array' and ${resources.data} #> ${path} @> ${JSON.stringify([target])}::jsonb`,
        ),
      ),
    )
    .orderBy(resources.name)
  return rows.map((row) => row.name)
}

export type NewResource = {
  type: string
  scope: string
  name: string
  displayName: string | null
  data: ResourceData
  searchText: string
  secretHash?: string | undefined
  actor: string
}

export async function insertResource(db: Db, resource: NewResource): Promise<ResourceRecord | null> {
  const rows = await db
    .insert(resources)
    .values({
      type: resource.type,
      scope: resource.scope,
      name: resource.name,
      displayName: resource.displayName,
      data: resource.data,
      searchText: resource.searchText,
      secretHash: resource.secretHash ?? null,
      createdBy: resource.actor,
      updatedBy: resource.actor,
    })
    .onConflictDoNothing()
    .returning()
  return rows[0] ? toRecord(rows[0]) : null
}

/** Replaces a resource's fields only if it is still at `expectedRevision`; null when it is not. */
export async function updateResource(
  db: Db,
  change: Omit<NewResource, 'secretHash'> & { expectedRevision: number },
): Promise<ResourceRecord | null> {
  const rows = await db
    .update(resources)
    .set({
      displayName: change.displayName,
      data: change.data,
      searchText: change.searchText,
      revision: sql`${resources.revision} + 1`,
      updatedAt: sql`now()`,
      updatedBy: change.actor,
    })
    .where(
      and(
        eq(resources.type, change.type),
        eq(resources.scope, change.scope),
        eq(resources.name, change.name),
        eq(resources.revision, change.expectedRevision),
      ),
    )
    .returning()
  return rows[0] ? toRecord(rows[0]) : null
}

export async function deleteResource(db: Db, type: string, scope: string, name: string, expectedRevision: number) {
  const rows = await db
    .delete(resources)
    .where(
      and(
        eq(resources.type, type),
        eq(resources.scope, scope),
        eq(resources.name, name),
        eq(resources.revision, expectedRevision),
      ),
    )
    .returning({ id: resources.id })
  return rows.length > 0
}

export async function deleteScope(db: Db, scope: string) {
  await db.delete(resources).where(eq(resources.scope, scope))
}

/**
 * Resources of `type` in `scope` whose `field` (a dotted path) names any of `targets`, each with the
 * targets it names: one query for a whole step of a "Used by" walk.
 */
export async function findReferrersOfAny(
  db: Db,
  type: string,
  scope: string,
  field: string,
  targets: readonly string[],
): Promise<{ name: string; targets: string[] }[]> {
  if (targets.length === 0) return []
  const path = jsonPath(field)
  const named = sql`case jsonb_typeof(${resources.data} #> ${path}) when 'array' then ${resources.data} #> ${path} when 'string' then jsonb_build_array(${resources.data} #> ${path}) else '[]'::jsonb end`
  const wanted = JSON.stringify(targets)
  const rows = await db
    .select({ name: resources.name, named: sql<unknown>`${named}` })
    .from(resources)
    .where(
      and(
        eq(resources.type, type),
        eq(resources.scope, scope),
        sql`exists (select 1 from jsonb_array_elements_text(${named}) as held(value) where held.value in (select jsonb_array_elements_text(${wanted}::jsonb)))`,
      ),
    )
    .orderBy(resources.name)
  const set = new Set(targets)
  return rows.map((row) => ({
    name: row.name,
    targets: (Array.isArray(row.named) ? row.named : []).map(String).filter((target) => set.has(target)),
  }))
}

/** The stored fields of those of `names` that exist as `type` in `scope`. */
export async function dataOf(db: Db, type: string, scope: string, names: readonly string[]) {
  if (names.length === 0) return new Map<string, ResourceData>()
  const rows = await db
    .select({ name: resources.name, data: resources.data })
    .from(resources)
    .where(and(eq(resources.type, type), eq(resources.scope, scope), inArray(resources.name, [...names])))
  return new Map(rows.map((row) => [row.name, row.data as ResourceData]))
}
