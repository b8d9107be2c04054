import { and, eq, lt, sql } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Db } from '../db/client.ts'
import { oidcPayloads } from '../db/schema.ts'

/** How often an upsert also sweeps expired entries (one in this many). */
const SWEEP_EVERY = 100

/**
 * oidc-provider's storage in our database: one row per model and id, with the look-ups it needs by
 * grant, interaction uid and user code. Expired rows are never returned and are swept now and then.
 */
export function databaseAdapter(db: Db): (model: string) => Adapter {
  let writes = 0
  const live = (model: string) =>
    and(eq(oidcPayloads.model, model), sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`)
  const findWhere = async (model: string, condition: ReturnType<typeof eq>) => {
    const rows = await db
      .select({ payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(and(live(model), condition))
      .limit(1)
    return rows[0]?.payload as AdapterPayload | undefined
  }

  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null
      const row = {
        model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt,
      }
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row })
      writes += 1
      if (writes % SWEEP_EVERY === 0) await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`))
    },
    find: (id) => findWhere(model, eq(oidcPayloads.id, id)),
    findByUid: (uid) => findWhere(model, eq(oidcPayloads.uid, uid)),
    findByUserCode: (userCode) => findWhere(model, eq(oidcPayloads.userCode, userCode)),
    async consume(id) {
      await db
        .update(oidcPayloads)
        .set({
          payload: sql`${oidcPayloads.payload} || jsonb_build_object('consumed', extract(epoch from now())::bigint)`,
        })
        .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)))
    },
    async destroy(id) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)))
    },
    async revokeByGrantId(grantId) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId))
    },
  })
}
