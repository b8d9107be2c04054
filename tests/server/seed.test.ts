import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { startServer } from '../../server/main.ts'
import { PLATFORM_TYPES } from '../../src/platform/types.ts'
import { ADMIN_TOKEN, answerChecker, type Json, lastingDatabase } from './support.ts'

// Its server's answers are checked against the OpenAPI documents, as every server test's.
const answers = answerChecker()
afterEach(answers.verify)

// Two starts on one database that outlives them: on disk for PGlite, a database of its own on PostgreSQL.
const { dataDir, databaseUrl, serverOptions } = await lastingDatabase('seed')

/** Runs statements on the database while no server holds it (PGlite on disk is one process's). */
async function onDatabase(statements: string[]) {
  const opened = await openDatabase({ url: databaseUrl, dataDir })
  try {
    for (const statement of statements) await opened.db.execute(sql.raw(statement))
    return await opened.db.execute(sql`select count(*)::int as n from resources`)
  } finally {
    await opened.close()
  }
}
const rowCount = (result: unknown) => {
  const rows = Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows
  return Number(rows[0]?.n)
}

const start = () => startServer(serverOptions, PLATFORM_TYPES)

describe('the first start on an empty database', () => {
  it('leaves nothing behind when it dies while seeding, so the next start seeds it whole', async () => {
    // The process dies once the first rows are written (here: the seed's first user is refused).
    await onDatabase([
      `create function wadp_test_dies() returns trigger language plpgsql as $$
         begin raise exception 'the process died here'; end $$`,
      `create trigger wadp_test_dies before insert on resources for each row
         when (new.type = 'users') execute function wadp_test_dies()`,
    ])
    const failure = (await start().then(
      () => null,
      (error: unknown) => error,
    )) as { message: string; cause?: { message?: string } } | null
    expect(failure?.cause?.message ?? failure?.message).toMatch(/the process died here/)
    const left = await onDatabase(['drop trigger wadp_test_dies on resources', 'drop function wadp_test_dies()'])

    // Before the fix this start failed: "user admin@example.com does not exist" (the seed's first rows
    // were taken for a finished seed).
    const server = await start()
    try {
      await answers.load(server.url)
      const get = async (path: string) => {
        const response = await answers.fetch(`${server.url}${path}`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        })
        expect(response.status, path).toBe(200)
        return (await response.json()) as Json
      }
      expect((await get('/api/auth/v0/organizations')).meta.total).toBe(2)
      expect((await get('/api/auth/v0/users')).meta.total).toBe(3)
      expect((await get('/api/core/v0/nodes?items=100')).meta.total).toBe(14)
      expect((await get('/api/core/v0/projects/labs/websites')).meta.total).toBe(1)
      // The seed is one transaction: the start that died left no row behind.
      expect(rowCount(left)).toBe(0)
    } finally {
      await server.close()
    }
  }, 180_000)
})
