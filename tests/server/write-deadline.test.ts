/**
 * A write of one resource commits within its deadline of the request's arrival or not at all, and is
 * answered by then: a client that gave up after its time-out (the console's 5 s) and reads the resource
 * again finds what will ever be there (server/resources/deadline.ts, docs/api.md "Write deadline").
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import { WRITE_DEADLINE_MESSAGE } from '../../server/resources/deadline.ts'
import { lockResource } from '../../server/resources/store.ts'
import { ON_POSTGRES, scheduledBackupsTaken, setUpPlatform } from './support.ts'

const DEADLINE_MS = 1000
const platform = setUpPlatform({ writeDeadlineMs: DEADLINE_MS })

const DIRECTORS = '/api/core/v0/projects/shop/directors'
const director = (name: string) => ({ name, backends: [{ host: `${name}.example.com`, port: 443 }] })

/**
 * Holds the project `shop` in a transaction of its own until `release`: on PostgreSQL a lock that a write
 * of the project's resources waits for, on PGlite its one connection, which every transaction waits for.
 */
async function holdShop() {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let holding: () => void = () => {}
  const held = new Promise<void>((resolve) => (holding = resolve))
  const done = platform.server.ctx.db.transaction(async (tx) => {
    await lockResource(tx as Db, 'projects', '', 'shop', 'update')
    holding()
    await released
  })
  await held
  return {
    async release() {
      release()
      await done
    },
  }
}

describe('a write held past its deadline', () => {
  it('is answered 503 while still held, and is not stored when it could go on', async () => {
    // The start's scheduled backups would otherwise wait for the hold too.
    await scheduledBackupsTaken(platform)
    // The caller's token and the project, read now, are known without the database while it is held (PGlite).
    expect((await platform.call('GET', DIRECTORS)).status).toBe(200)
    const hold = await holdShop()
    const sent = platform.call('POST', DIRECTORS, { body: director('held-origin') })
    // Without a deadline the answer waits for the hold: let it go after a while, and the create goes through.
    const bound = setTimeout(() => void hold.release(), DEADLINE_MS * 10)
    const answer = await sent
    clearTimeout(bound)
    try {
      if (ON_POSTGRES) {
        // Its wait for the lock ended at the deadline too (statement_timeout): its connection is free again.
        // The create's hold on its project (`for key share`), in this test's database: other files' tests run
        // on the same server, and the start's scheduled backups may wait for the hold too.
        await vi.waitFor(
          async () => {
            const result = await platform.server.ctx.db.execute(
              sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%for key share'`,
            )
            expect((result as unknown as { rows: { waiting: number }[] }).rows[0]?.waiting).toBe(0)
          },
          { timeout: 5000 },
        )
      }
    } finally {
      await hold.release()
    }
    expect([answer.status, answer.headers.get('retry-after'), answer.body.message]).toEqual([
      503,
      '2',
      WRITE_DEADLINE_MESSAGE,
    ])
    expect((await platform.call('GET', `${DIRECTORS}/held-origin`)).status).toBe(404)
    const audit = await platform.call('GET', '/api/auth/v0/audit?items=20')
    expect(audit.body.data.map((entry: { resource: { name: string } }) => entry.resource.name)).not.toContain(
      'held-origin',
    )
  })

  it('goes through when sent again with nothing in its way', async () => {
    const again = await platform.call('POST', DIRECTORS, { body: director('held-origin') })
    expect(again.status).toBe(201)
    expect((await platform.call('GET', `${DIRECTORS}/held-origin`)).status).toBe(200)
  })
})
