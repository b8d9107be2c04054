import { eq, sql } from 'drizzle-orm'
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

export async function forgetRevision(db: Db, scope: string): Promise<void> {
  await db.delete(configRevisions).where(eq(configRevisions.scope, scope))
}
