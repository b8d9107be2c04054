import { and, eq, lt, sql } from 'drizzle-orm'
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider'
import type { Db } from '../db/client.ts'
import { oidcPayloads } from '../db/schema.ts'

/** What oidc-provider calls a model when it refuses one used already (its own words). */
const CONSUMED_LABELS: Record<string, string> = {
  AuthorizationCode: 'authorization code',
  DeviceCode: 'device code',
  BackchannelAuthenticationRequest: 'backchannel authentication request',
}

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
    /**
     * Marks a code (or another one-time grant) used, once: oidc-provider refuses one it found consumed, but
     * two exchanges of one code at once (on one process or two) both find it unused before either marks
     * it. The mark is taken only if no one took it first; the one that comes second is refused as used.
     */
    async consume(id) {
      const marked = await db
        .update(oidcPayloads)
        .set({
          payload: sql`${oidcPayloads.payload} || jsonb_build_object('consumed', extract(epoch from now())::bigint)`,
        })
        .where(
          and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id), sql`not (${oidcPayloads.payload} ? 'consumed')`),
        )
        .returning({ id: oidcPayloads.id })
      if (marked.length === 0) throw new errors.InvalidGrant(`${CONSUMED_LABELS[model] ?? model} already consumed`)
    },
    async destroy(id) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)))
    },
    async revokeByGrantId(grantId) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId))
    },
  })
}
