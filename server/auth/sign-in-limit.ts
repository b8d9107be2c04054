/**
 * Failed sign-ins from one address, limited (docs/api.md, "Sign-in"). Every failed sign-in writes an
 * audit entry (`login`, `failure`, with the caller's address), so the audit log is the count: every
 * process of a cluster reads the same one, and nothing else has to be kept. Past the limit a failure
 * is answered 429 and recorded nowhere, so an unauthenticated caller cannot grow the append-only log
 * (or the database's work) at the speed it sends requests.
 *
 * The count and the entry it adds are one step per address (`signInCounted`): attempts sent at once,
 * to one process or spread over several, take turns at an advisory lock of the address, so each reads
 * the failures recorded before it and no more than the limit are ever let through.
 */
import { sql } from 'drizzle-orm'
import { type AuditEntry, recordAudit } from '../audit.ts'
import { RateLimited } from '../base/errors.ts'
import type { Db } from '../db/client.ts'
import { auditLog } from '../db/schema.ts'

/** How many failed sign-ins one address may make within `SIGN_IN_WINDOW_SECONDS`. */
export const FAILED_SIGN_INS_ALLOWED = 10
export const SIGN_IN_WINDOW_SECONDS = 60

/**
 * How many seconds the address must wait before a failed sign-in is recorded again, or null while it
 * is within the limit: the time until the oldest failure of the window leaves it.
 */
async function signInWait(db: Db, ip: string): Promise<number | null> {
  const window = sql`now() - make_interval(secs => ${SIGN_IN_WINDOW_SECONDS})`
  const [row] = await db
    .select({
      failures: sql<number>`count(*)::int`,
      oldestAge: sql<number | null>`extract(epoch from now() - min(${auditLog.occurredAt}))::float8`,
    })
    .from(auditLog)
    .where(
      sql`${auditLog.occurredAt} > ${window} and ${auditLog.action} = 'login' and ${auditLog.result} = 'failure' and ${auditLog.actor}->>'ip' = ${ip}`,
    )
  if (!row || row.failures < FAILED_SIGN_INS_ALLOWED) return null
  return Math.max(1, Math.ceil(SIGN_IN_WINDOW_SECONDS - Number(row.oldestAge ?? 0)))
}

/**
 * A sign-in attempt from `ip` whose credentials were already checked, counted against the limit: null when
 * it is within it (a `failure`, given, is then recorded in the same step), else the seconds to wait (and
 * nothing is recorded). Attempts of one address take turns here, on every process of the cluster.
 */
export async function signInCounted(db: Db, ip: string, failure: AuditEntry | null): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in|${ip}`}, 0))`)
    const wait = await signInWait(tx as Db, ip)
    if (wait === null && failure) await recordAudit(tx as Db, failure)
    return wait
  })
}

/** The answer to a failed sign-in past the limit (a 429 with Retry-After). */
export function tooManyFailedSignIns(wait: number): RateLimited {
  return new RateLimited(`too many failed sign-ins from this address: try again in ${wait} s`, wait)
}
