import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/**
 * PGlite runs each query synchronously on this thread and hands its lock straight to the next waiter,
 * so a burst of queued queries would starve the event loop: no connection accepted, no response
 * written until the whole burst is done. Queueing top-level calls ourselves, with a turn of the event
 * loop between two of them, keeps the server responsive under load. (Transactions run their inner
 * queries on their own client, which is not queued.)
 */
function yieldBetweenQueries(client: PGlite): PGlite {
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
  return client
}

export type Database = {
  db: Db
  /** Human description for the start-up log (never includes a password). */
  description: string
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * `memory:` → PGlite in memory; `postgres://…` → that server; anything else → PGlite persisted in
 * that directory. The same drizzle schema and migrations serve all three; migrations run here.
 */
export async function openDatabase(target: { url?: string | undefined; dataDir: string }): Promise<Database> {
  const url = target.url
  if (url?.startsWith('postgres://') || url?.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    const db = drizzlePostgres(pool, { schema })
    await migratePostgres(db, { migrationsFolder })
    const { hostname, port, pathname } = new URL(url)
    return { db, description: `PostgreSQL at ${hostname}:${port || 5432}${pathname}`, close: () => pool.end() }
  }
  const inMemory = url === 'memory:'
  if (!inMemory) mkdirSync(target.dataDir, { recursive: true })
  const client = yieldBetweenQueries(
    await PGlite.create(inMemory ? undefined : target.dataDir, { extensions: { pg_trgm } }),
  )
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  return {
    db,
    description: inMemory ? 'embedded PGlite in memory' : `embedded PGlite in ${target.dataDir}`,
    close: () => client.close(),
  }
}
