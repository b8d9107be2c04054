import { and, eq, sql } from 'drizzle-orm'
import { recordAudit } from '../audit.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { cacheGroup } from '../db/generations.ts'
import { resources } from '../db/schema.ts'
import type { JobDefinition } from '../platform/jobs.ts'
import { toRecord } from '../resources/store.ts'

const SYSTEM_ACTOR = { type: 'system', email: null, token_prefix: null, ip: 'local', user_agent: 'jobs' } as const

/**
 * Marks the API tokens whose expiry has passed as `expired`, each with one audit entry. A token stops
 * working at its expiry whether or not this has run (the authenticator checks the time); this makes
 * the stored status and the audit log say so. Returns the names it expired.
 */
export async function expireTokens(ctx: ServerContext, now: number): Promise<string[]> {
  const at = new Date(now).toISOString()
  const expired = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(resources)
      .set({
        data: sql`jsonb_set(${resources.data}, '{status}', '"expired"')`,
        revision: sql`${resources.revision} + 1`,
        updatedAt: at,
        updatedBy: 'system',
      })
      .where(
        and(
          eq(resources.type, 'tokens'),
          eq(resources.scope, ''),
          sql`${resources.data}->>'status' = 'active'`,
          sql`(${resources.data}->>'expires_at')::timestamptz <= ${at}::timestamptz`,
        ),
      )
      .returning()
    for (const row of rows) {
      const after = toRecord(row)
      await recordAudit(tx as Db, {
        actor: { ...SYSTEM_ACTOR },
        action: 'tokens.expire',
        result: 'success',
        resource: { type: 'tokens', name: row.name },
        changes: { before: { ...after, status: 'active', revision: after.revision - 1 }, after },
      })
    }
    if (rows.length > 0) await ctx.generations.bump(tx as Db, [cacheGroup('tokens', '')])
    return rows.map((row) => row.name)
  })
  if (expired.length > 0) ctx.auth.invalidate()
  return expired
}

export const tokenExpiryJob = (everySeconds: number): JobDefinition<ServerContext> => ({
  name: 'expire-tokens',
  everySeconds,
  run: async (ctx, now) => {
    await expireTokens(ctx, now)
  },
})
