import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { recordAudit } from '../audit.ts'
import type { Db } from '../db/client.ts'
import { resources } from '../db/schema.ts'
import { bumpRevision } from '../platform/revisions.ts'
import type { Caller, ResourceDefinition, ResourceRecord } from './definition.ts'
import { searchTextOf, toRecord, updateResource } from './store.ts'

/** API tokens whose `projects` list names any of `projects`. */
async function tokensLimitedTo(db: Db, projects: readonly string[]) {
  if (projects.length === 0) return []
  const rows = await db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.type, 'tokens'),
        eq(resources.scope, ''),
        sql`${resources.data}->'projects' ?| array[${sql.join(
          projects.map((project) => sql`${project}`),
          sql`, `,
        )}]::text[]`,
      ),
    )
    .orderBy(resources.name)
  return rows.map(toRecord)
}

/**
 * What deleting these projects removes: every resource stored in them, counted by type (configuration,
 * backups, invalidations as `purge`, access tokens), and the API tokens whose project list names one of
 * them (each loses that project; one left with none is revoked).
 */
export async function deletionPreview(db: Db, projects: readonly string[]) {
  const counted =
    projects.length === 0
      ? []
      : await db
          .select({ type: resources.type, total: count() })
          .from(resources)
          .where(inArray(resources.scope, [...projects]))
          .groupBy(resources.type)
          .orderBy(resources.type)
  const blocklist = await blocklistEntriesOf(db, projects)
  return {
    projects: [...projects],
    resources: {
      ...Object.fromEntries(counted.map((row) => [row.type, row.total])),
      ...(blocklist > 0 ? { 'access-list': blocklist } : {}),
    },
    tokens_limited_to_it: (await tokensLimitedTo(db, projects)).length,
  }
}

/**
 * A deleted project leaves the API tokens limited to it: each drops it from `projects`, and one that
 * named no other project is also revoked (its empty list would otherwise mean every project). Each
 * change is audited as `tokens.update` or `tokens.revoke`, whose `before` keeps the list it had. Returns
 * the types changed, for their caches.
 */
export async function releaseProject(
  db: Db,
  project: string,
  caller: Caller,
  tokens: ResourceDefinition,
): Promise<string[]> {
  const limited = await tokensLimitedTo(db, [project])
  for (const token of limited) {
    const { name, display_name, revision, created_at, created_by, updated_at, updated_by, ...data } = token
    const remaining = (data.projects as string[]).filter((p) => p !== project)
    const revoke = remaining.length === 0
    const changed = { ...data, projects: remaining, ...(revoke ? { status: 'revoked' } : {}) }
    const after = await updateResource(db, {
      type: 'tokens',
      scope: '',
      name,
      displayName: display_name,
      data: changed,
      searchText: searchTextOf(tokens, name, display_name, changed),
      actor: caller.principal.email,
      expectedRevision: revision,
    })
    await recordAudit(db, {
      actor: caller.actor,
      action: revoke ? 'tokens.revoke' : 'tokens.update',
      result: 'success',
      resource: { type: 'tokens', name },
      project,
      changes: { before: token, after: after as ResourceRecord },
    })
  }
  return limited.length > 0 ? ['tokens'] : []
}

/** Blocklist entries scoped to one of `projects` (platform resources that name the project). */
const projectBlocklist = (projects: readonly string[]) =>
  and(
    eq(resources.type, 'access-list'),
    eq(resources.scope, ''),
    sql`${resources.data}->>'scope' = 'project'`,
    inArray(sql`${resources.data}->>'project'`, [...projects]),
  )

export async function blocklistEntriesOf(db: Db, projects: readonly string[]): Promise<number> {
  if (projects.length === 0) return 0
  const [row] = await db.select({ total: count() }).from(resources).where(projectBlocklist(projects))
  return row?.total ?? 0
}

/**
 * A deleted project takes its blocklist entries with it (they apply to nothing any more): each deletion
 * is audited as `access-list.delete`, and the platform moves to a new revision, as any blocklist change
 * does. Returns the types changed, for their caches.
 */
export async function releaseBlocklistOf(db: Db, project: string, caller: Caller): Promise<string[]> {
  const rows = await db
    .delete(resources)
    .where(projectBlocklist([project]))
    .returning()
  for (const row of rows) {
    await recordAudit(db, {
      actor: caller.actor,
      action: 'access-list.delete',
      result: 'success',
      resource: { type: 'access-list', name: row.name },
      project,
      changes: { before: toRecord(row), after: null },
    })
  }
  if (rows.length === 0) return []
  await bumpRevision(db, '')
  return ['access-list']
}
