import { mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { holdDataDir } from './data-dir-lock.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** How long the API tells a client to wait before it tries again while the database is away (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 2

/** The message of that 503: the console tells the platform is unavailable by its status, not by these words. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'the platform is unavailable for a moment (its database cannot be reached); try again shortly'

/** Socket errors of a database server that cannot be reached, or that went away. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
/**
 * SQLSTATEs of a server that is going away or not taking connections: admin_shutdown (57P01),
 * crash_shutdown (57P02), cannot_connect_now (57P03, starting or stopping), and every connection exception
 * (class 08).
 */
const GOING_AWAY = new Set(['57P01', '57P02', '57P03'])
/** What node-postgres says of a connection that ended or could not be made in time. */
const LOST = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error and is not queryable/i,
  /cannot use a pool after calling end on the pool/i,
  // The embedded database, closed as the process stops (a request that came in just before).
  /^PGlite is closed$/,
]

/**
 * Why `error` means the database is away for now (stopped, restarting, unreachable), or null for any
 * other failure: then the API answers 503 with `Retry-After` instead of 500 (docs/api.md, "Envelope,
 * errors, limits"). Looks through drizzle's wrapping (`cause`) and Node's AggregateError (`errors`: one
 * refused connection per address of the host).
 */
export function databaseUnavailable(error: unknown, depth = 0): string | null {
  if (depth > 5 || typeof error !== 'object' || error === null) return null
  const { code, message, cause, errors } = error as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string' && (UNREACHABLE.has(code) || GOING_AWAY.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return `${code}${typeof message === 'string' && message ? `: ${message}` : ''}`
  if (typeof message === 'string' && LOST.some((pattern) => pattern.test(message))) return message
  for (const inner of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const found = databaseUnavailable(inner, depth + 1)
    if (found) return found
  }
  return null
}

/**
 * SQLSTATEs of a transaction that PostgreSQL ended for what ran beside it, not for what it did:
 * deadlock_detected (40P01) and serialization_failure (40001). Run again from its start, it goes through.
 */
const CONTENDED = new Set(['40P01', '40001'])

/** How many times a transaction is run in all before such a failure is answered (a 503, `Retry-After`). */
export const TRANSACTION_ATTEMPTS = 5

/** The message of that 503. */
export const DATABASE_CONTENDED_MESSAGE = 'the platform is busy with other changes to the same data; try again shortly'

/** Whether `error` is such a failure (looking through drizzle's wrapping, `cause`). */
export function transactionContended(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  if (typeof code === 'string' && CONTENDED.has(code)) return true
  return transactionContended(cause, depth + 1)
}

/**
 * Runs every transaction of `db` again, from its start, when PostgreSQL ended it for a deadlock or a
 * serialization failure, up to TRANSACTION_ATTEMPTS in all: the other transaction has gone on by then, so
 * this one waits for it instead. Every writer takes its locks in one order (docs/architecture.md, "Many
 * processes, one database"), so this is a safety net; a transaction's work must leave nothing behind
 * outside the database until it returns (each does: what it changed is told after the commit).
 */
export function retryContendedTransactions<D extends { transaction: (...args: never[]) => Promise<unknown> }>(
  db: D,
): D {
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>
  const retried = async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await transaction(...args)
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !transactionContended(error)) throw error
      }
    }
  }
  db.transaction = retried as D['transaction']
  return db
}

/**
 * PGlite runs each query synchronously on this thread and hands its lock straight to the next waiter,
 * so a burst of queued queries would starve the event loop: no connection accepted, no response
 * written until the whole burst is done. Queueing top-level calls ourselves, with a turn of the event
 * loop between two of them, keeps the server responsive under load. (Transactions run their inner
 * queries on their own client, which is not queued.)
 */
function yieldBetweenQueries(client: PGlite): { client: PGlite; settled: () => Promise<unknown> } {
  let tail: Promise<unknown> = Promise.resolve()
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
  const enqueue = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(nextTurn).then(run)
    tail = result.catch(() => undefined)
    return result
  }
  const query = client.query.bind(client)
  const exec = client.exec.bind(client)
  const transaction = client.transaction.bind(client)
  client.query = ((...args: Parameters<typeof query>) => enqueue(() => query(...args))) as typeof client.query
  client.exec = ((...args: Parameters<typeof exec>) => enqueue(() => exec(...args))) as typeof client.exec
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    enqueue(() => transaction(...args))) as typeof client.transaction
  // Closing waits for the queries already queued: one queued just before would otherwise start on a
  // closed database, and a caller that does not wait for it (the job queue's last poll) would see its
  // rejection unhandled.
  return { client, settled: () => tail }
}

export type Database = {
  db: Db
  /** Human description for the start-up log (never includes a password). */
  description: string
  /**
   * Whether other processes may write this database too (a PostgreSQL server): then no process-local
   * cache may answer without checking the database (docs/adr/0003-coherent-reads.md).
   */
  shared: boolean
  /** Runs `work` while no other process of the cluster runs its own start-up work (migrations, seeding). */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  /** Runs a query on the raw client (the job queue's adapter). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  close(): Promise<void>
}

// Any fixed number: every process of a cluster takes the same advisory lock around its start-up.
const STARTUP_LOCK = 720_417_003

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * An empty, migrated PGlite database as a tarball (PGlite's `dumpDataDir`). A `memory:` database started
 * from it (`memoryTemplate`) skips PGlite's initdb, 3-5 s of a 2-core machine's time, and opens in under
 * one: the test suites make one a run and start every in-memory server from it.
 */
export async function migratedPgliteTarball(): Promise<Uint8Array> {
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } })
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
    return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer())
  } finally {
    await client.close()
  }
}

/**
 * A file already read, as the Blob PGlite's `loadDataDir` takes: PGlite only asks for its bytes, and
 * Node 20's `Blob.arrayBuffer()` copies them slowly (about 0.5 s for the 41 MB template, at every start
 * of an in-memory server: docs/benchmarks.md, "CI on a busy machine").
 */
class ReadBlob extends Blob {
  constructor(private readonly read: Buffer) {
    super([])
  }
  override get size(): number {
    return this.read.byteLength
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.read
    return Promise.resolve(buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer)
  }
}

/**
 * `memory:` → PGlite in memory; `postgres://…` → that server; anything else → PGlite persisted in
 * that directory. The same drizzle schema and migrations serve all three; migrations run here.
 */
export async function openDatabase(target: {
  url?: string | undefined
  dataDir: string
  /** Names this process's connections in pg_stat_activity. */
  applicationName?: string
  /** A tarball from `migratedPgliteTarball` that a `memory:` database starts from (`WADP_MEMORY_TEMPLATE`). */
  memoryTemplate?: string | undefined
}): Promise<Database> {
  const url = target.url
  if (url?.startsWith('postgres://') || url?.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // A server that takes no connection (its host dropping packets) fails a request in seconds, as a 503.
      connectionTimeoutMillis: 5_000,
      application_name: target.applicationName ?? `wadp-api-${process.pid}`,
    })
    // A connection the server ends (a restart, a terminated backend) reports it on itself, and on the pool when
    // idle: without a listener that would crash the process. The pool drops it and opens another when needed.
    // The pool's `end` answers before its connections have closed; `close` waits for the last of them, so that
    // whoever drops the database next does not terminate one still closing (and no error is left unheard).
    const open = new Set<pg.ClientBase>()
    let closing = false
    let lastClosed: (() => void) | null = null
    pool.on('connect', (client) => {
      open.add(client)
      client.on('error', (error) => {
        if (!closing) console.error('database connection lost:', error.message)
      })
    })
    pool.on('remove', (client) => {
      open.delete(client)
      if (open.size === 0) lastClosed?.()
    })
    // Reported on the connection itself above.
    pool.on('error', () => {})
    const db = retryContendedTransactions(drizzlePostgres(pool, { schema }))
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      // A session-level lock on its own connection, held while `work` uses the pool's other connections.
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
        return await work()
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined)
        client.release()
      }
    }
    await exclusive(() => migratePostgres(db, { migrationsFolder }))
    const { hostname, port, pathname } = new URL(url)
    return {
      db,
      description: `PostgreSQL at ${hostname}:${port || 5432}${pathname}`,
      shared: true,
      exclusive,
      executeSql: (text, values) => pool.query(text, values),
      close: async () => {
        closing = true
        const allClosed = open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (lastClosed = resolve))
        await pool.end()
        // Bounded: a connection whose server no longer answers is not waited for.
        await Promise.race([allClosed, new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
      },
    }
  }
  const inMemory = url === 'memory:'
  if (!inMemory) mkdirSync(target.dataDir, { recursive: true })
  // A second process on the directory is refused before it opens it (server/db/data-dir-lock.ts).
  const release = inMemory ? () => {} : holdDataDir(target.dataDir)
  const template = inMemory && target.memoryTemplate ? new ReadBlob(readFileSync(target.memoryTemplate)) : undefined
  const opened = await (template
    ? PGlite.create({ loadDataDir: template, extensions: { pg_trgm } })
    : PGlite.create(inMemory ? undefined : target.dataDir, { extensions: { pg_trgm } })
  ).catch((error: unknown) => {
    release()
    throw error
  })
  const { client, settled } = yieldBetweenQueries(opened)
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder }).catch(async (error: unknown) => {
    await client.close().catch(() => undefined)
    release()
    throw error
  })
  return {
    db,
    description: inMemory ? 'embedded PGlite in memory' : `embedded PGlite in ${target.dataDir}`,
    // One process holds PGlite's database: nothing else writes it, nothing else starts beside it.
    shared: false,
    exclusive: (work) => work(),
    // Several statements at once (the job queue's schema) go through exec, which PGlite's query refuses.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values)
      const results = await client.exec(text)
      return { rows: results.at(-1)?.rows ?? [] }
    },
    close: async () => {
      await settled()
      await client.close()
      release()
    },
  }
}

/**
 * The job queue (pg-boss) marks a job done or failed without waiting for the statement: when the database
 * is away at that moment the statement's failure is a rejection nobody handles, and Node ends the process
 * for it. A process that starts the platform keeps running for those: the job is not marked, and its lease
 * brings it back once the database is. Any other unhandled rejection still ends the process.
 */
export function surviveDatabaseAway(): void {
  process.on('unhandledRejection', (reason) => {
    const away = databaseUnavailable(reason)
    if (away === null) throw reason
    console.error(`a background statement failed, the database being away: ${away}`)
  })
}
