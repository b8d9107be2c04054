import { sql } from 'drizzle-orm'
import { WRITE_DEADLINE_CODE } from '../../src/domain/write-deadline.ts'
import { ApiError } from '../base/errors.ts'
import type { Db } from '../db/client.ts'

/**
 * How long after its arrival a write the console gives 5 s may still commit (`WADP_WRITE_DEADLINE_MS`):
 * under the console's 5 s time-out (the spec's 5000 ms), so that an answer the console gave up on means
 * the write committed before the console read the resource again, or never happens (docs/api.md, "Write
 * deadline"). Far above a write's usual time: tens of milliseconds, under a second on a busy machine.
 */
export const WRITE_DEADLINE_MS = 4000

/** The message of the 503 a write cut by its deadline gets (its `code`: `write_deadline`): nothing was stored. */
export const WRITE_DEADLINE_MESSAGE =
  'the platform could not make this change in time, so it did not make it (nothing was stored); try again shortly'

export const writeDeadlinePassed = () => new ApiError(503, WRITE_DEADLINE_MESSAGE, [], undefined, WRITE_DEADLINE_CODE)

/** query_canceled: PostgreSQL's `statement_timeout` ended the statement. */
const CANCELED = '57014'

function canceled(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  return code === CANCELED || canceled(cause, depth + 1)
}

/**
 * Runs `work` in a transaction of `db` that commits before `deadline` (a time as `Date.now()` gives it) or
 * not at all; without a deadline, as `db.transaction`. The answer comes at the deadline at the latest: a
 * 503 (`writeDeadlinePassed`) when the transaction had not finished its work by then, whatever held it
 * (a pool connection, a lock, PGlite's one connection busy with another transaction). A transaction that
 * starts after that refuses to run; one still running rolls back at its end instead of committing. On
 * PostgreSQL its statements also get what is left as their `statement_timeout`, so a wait for a lock
 * ends at the deadline and lets its connection go; PGlite cannot cut a statement (its `statement_timeout`
 * does nothing), so a slow statement there runs to its end and its transaction then rolls back.
 */
export async function transactionBefore<T>(
  db: Db,
  deadline: number | undefined,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  if (deadline === undefined) return db.transaction((tx) => work(tx as Db))
  // Settled once, by whichever comes first: the deadline (`expired`), or the work done in time
  // (`committing`), after which only the transaction's own outcome answers.
  let state: 'open' | 'committing' | 'expired' = 'open'
  const late = () => state === 'expired' || Date.now() >= deadline
  const transaction = db
    .transaction(async (tx) => {
      const left = deadline - Date.now()
      if (state === 'expired' || left <= 0) throw writeDeadlinePassed()
      // Run again after a deadlock (retryContendedTransactions): its commit did not happen.
      state = 'open'
      await tx.execute(sql`select set_config('statement_timeout', ${String(left)}, true)`)
      const result = await work(tx as Db)
      // The commit itself is not cut: it starts before the deadline, or the transaction rolls back.
      await tx.execute(sql`select set_config('statement_timeout', '0', true)`)
      if (late()) throw writeDeadlinePassed()
      state = 'committing'
      return result
    })
    .catch((error: unknown) => {
      throw canceled(error) ? writeDeadlinePassed() : error
    })
  let timer: NodeJS.Timeout | undefined
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        if (state !== 'open') return
        state = 'expired'
        reject(writeDeadlinePassed())
      },
      Math.max(0, deadline - Date.now()),
    )
  })
  // Answered at the deadline, the transaction still ends by itself (rolled back): its failure is not news.
  transaction.catch(() => undefined)
  try {
    return await Promise.race([transaction, expiry])
  } finally {
    clearTimeout(timer)
  }
}
