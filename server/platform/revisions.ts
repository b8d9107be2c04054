import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { configRevisions } from '../db/schema.ts'
import { isoTimestamp } from '../db/time.ts'

export type ConfigRevision = { revision: number; changedAt: Date }

/** Every accepted configuration change moves its scope ('' = the platform) to a new revision. */
export async function bumpRevision(db: Db, scope: string): Promise<void> {
  await db
    .insert(configRevisions)
    .values({ scope, revision: 1 })
    .onConflictDoUpdate({
      target: configRevisions.scope,
      set: { revision: sql`${configRevisions.revision} + 1`, changedAt: sql`now()` },
    })
}

export async function currentRevision(db: Db, scope: string): Promise<ConfigRevision> {
  const rows = await db.select().from(configRevisions).where(eq(configRevisions.scope, scope)).limit(1)
  const row = rows[0]
  return row
    ? { revision: row.revision, changedAt: new Date(isoTimestamp(row.changedAt)) }
    : { revision: 0, changedAt: new Date(0) }
}

/** The revision of each named scope that has one (a scope never changed has none: 0). */
export async function currentRevisions(db: Db, scopes: readonly string[]): Promise<Map<string, number>> {
  if (scopes.length === 0) return new Map()
  const rows = await db
    .select({ scope: configRevisions.scope, revision: configRevisions.revision })
    .from(configRevisions)
    .where(inArray(configRevisions.scope, [...scopes]))
  return new Map(rows.map((row) => [row.scope, row.revision]))
}

export async function forgetRevision(db: Db, scope: string): Promise<void> {
  await db.delete(configRevisions).where(eq(configRevisions.scope, scope))
}
