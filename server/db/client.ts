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
  const client = await PGlite.create(inMemory ? undefined : target.dataDir, { extensions: { pg_trgm } })
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  return {
    db,
    description: inMemory ? 'embedded PGlite in memory' : `embedded PGlite in ${target.dataDir}`,
    close: () => client.close(),
  }
}
