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
import { WRITE_DEADLINE_CODE } from '../../src/domain/write-deadline.ts'
import type { ApiResponse, Json } from './support.ts'
import { ON_POSTGRES, scheduledBackupsTaken, setUpPlatform } from './support.ts'

const DEADLINE_MS = 1000
const platform = setUpPlatform({ writeDeadlineMs: DEADLINE_MS })

const DIRECTORS = '/api/core/v0/projects/shop/directors'
const director = (name: string) => ({ name, backends: [{ host: `${name}.example.com`, port: 443 }] })

/**
 * Holds one resource's row (`FOR UPDATE`) in a transaction of its own until `release`: on PostgreSQL a lock
 * that a write of it (or, for a project, of its resources) waits for; on PGlite its one connection, which
 * every transaction waits for.
 */
async function hold(type: string, scope: string, name: string) {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let holding: () => void = () => {}
  const held = new Promise<void>((resolve) => (holding = resolve))
  const done = platform.server.ctx.db.transaction(async (tx) => {
    await lockResource(tx as Db, type, scope, name, 'update')
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

const holdShop = () => hold('projects', '', 'shop')

/**
 * The answer to `send`, sent while `target` is held: let go after three deadlines at the latest (without
 * a deadline the answer waits for that, and the write then goes through), then at once once answered.
 */
async function sentWhileHeld(target: Promise<{ release(): Promise<void> }>, send: () => Promise<ApiResponse<Json>>) {
  const held = await target
  const bound = setTimeout(() => void held.release(), DEADLINE_MS * 3)
  try {
    return await send()
  } finally {
    clearTimeout(bound)
    await held.release()
  }
}

/** The deadline's answer: 503, try again in 2 s, nothing was stored (said in words, and as its code). */
function expectNotMade(answer: ApiResponse<Json>) {
  expect([answer.status, answer.headers.get('retry-after'), answer.body.message, answer.body.code]).toEqual([
    503,
    '2',
    WRITE_DEADLINE_MESSAGE,
    WRITE_DEADLINE_CODE,
  ])
}

/** The audit log's newest entries' actions on `name`. */
async function auditedOn(name: string): Promise<string[]> {
  const audit = await platform.call('GET', '/api/auth/v0/audit?items=50')
  return audit.body.data
    .filter((entry: { resource: { name: string } }) => entry.resource.name === name)
    .map((entry: { action: string }) => entry.action)
}

describe('a write held past its deadline', () => {
  it('is answered 503 while still held, and is not stored when it could go on', async () => {
    // The start's scheduled backups would otherwise wait for the hold too.
    await scheduledBackupsTaken(platform)
    // The caller's token and the project, read now, are known without the database while it is held (PGlite).
    expect((await platform.call('GET', DIRECTORS)).status).toBe(200)
    const shop = await holdShop()
    const sent = platform.call('POST', DIRECTORS, { body: director('held-origin') })
    // Without a deadline the answer waits for the hold: let it go after a while, and the create goes through.
    const bound = setTimeout(() => void shop.release(), DEADLINE_MS * 10)
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
      await shop.release()
    }
    expect([answer.status, answer.headers.get('retry-after'), answer.body.message, answer.body.code]).toEqual([
      503,
      '2',
      WRITE_DEADLINE_MESSAGE,
      WRITE_DEADLINE_CODE,
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

/**
 * The console gives every write its 5 s, not only one resource's: an invalidation, a manual backup, quick
 * setup, node maintenance, a node's new secret and a certificate's renewal are made within the deadline of
 * their arrival or not at all, and answered by then.
 */
describe('the other writes the console gives 5 s', () => {
  const core = '/api/core/v0'
  const PURGES = '/api/purge/v0/projects/shop/purge'

  it('an invalidation held past it is answered 503 and never stored', async () => {
    const before = (await platform.call('GET', PURGES)).body.meta.total
    const answer = await sentWhileHeld(holdShop(), () =>
      platform.call('POST', PURGES, { body: { type: 'url', targets: ['https://shop.example.com/held.html'] } }),
    )
    expectNotMade(answer)
    expect((await platform.call('GET', PURGES)).body.meta.total).toBe(before)
  })

  it('a manual backup held past it is answered 503 and never stored', async () => {
    const answer = await sentWhileHeld(holdShop(), () =>
      platform.call('POST', `${core}/projects/shop/backups`, {
        body: { trigger: 'manual', display_name: 'Held backup' },
      }),
    )
    expectNotMade(answer)
    const backups = await platform.call('GET', `${core}/projects/shop/backups?items=100`)
    expect(backups.body.data.map((backup: { display_name: string | null }) => backup.display_name)).not.toContain(
      'Held backup',
    )
  })

  it('quick setup held past it is answered 503 and creates neither director nor website', async () => {
    const directors = (await platform.call('GET', DIRECTORS)).body.meta.total
    const answer = await sentWhileHeld(holdShop(), () =>
      platform.call('POST', `${core}/projects/shop/quick-setup`, {
        body: {
          domain_name: 'held.shop.example.com',
          backend: { directorOption: 'new', host: 'held.origin.example.com', port: 443, weight: 1 },
        },
      }),
    )
    expectNotMade(answer)
    expect((await platform.call('GET', `${core}/projects/shop/domains`)).body.data).not.toContain(
      'held.shop.example.com',
    )
    expect((await platform.call('GET', DIRECTORS)).body.meta.total).toBe(directors)
  })

  it('a certificate’s renewal held past it is answered 503 and not started', async () => {
    const certificates = await platform.call('GET', '/api/acme/v0/projects/shop/le-cert')
    const certificate = certificates.body.data[0]
    const answer = await sentWhileHeld(holdShop(), () =>
      platform.call('POST', `/api/acme/v0/projects/shop/le-cert/${certificate.name}/renew`),
    )
    expectNotMade(answer)
    const after = await platform.call('GET', `/api/acme/v0/projects/shop/le-cert/${certificate.name}`)
    expect([after.body.data.revision, after.body.data.status]).toEqual([certificate.revision, certificate.status])
  })

  it('maintenance of a node held past it fails with the deadline’s sentence and is not made', async () => {
    const node = 'pop-au-syd-1'
    const before = (await platform.call('GET', `${core}/nodes/${node}`)).body.data
    const answer = await sentWhileHeld(hold('nodes', '', node), () =>
      platform.call('POST', `${core}/nodes/maintenance`, { body: { nodes: [node], maintenance: true } }),
    )
    expect([answer.status, answer.body.data]).toEqual([
      200,
      [{ name: node, result: 'failed', status: null, changed: false, message: WRITE_DEADLINE_MESSAGE }],
    ])
    const after = (await platform.call('GET', `${core}/nodes/${node}`)).body.data
    expect([after.status, after.revision]).toEqual([before.status, before.revision])
  })

  it('a node’s new secret held past it is answered 503, and its old secret still holds', async () => {
    const node = 'pop-zz-held-1'
    const created = await platform.call('POST', `${core}/nodes`, {
      body: { name: node, hostname: `${node}.edge.example.net`, pop_code: 'tst', country: 'zz', kind: 'agent' },
    })
    expect(created.status).toBe(201)
    const answer = await sentWhileHeld(hold('nodes', '', node), () =>
      platform.call('POST', `${core}/nodes/${node}/secret`),
    )
    expectNotMade(answer)
    const configuration = await platform.call('GET', `${core}/edge/nodes/${node}/configuration`, {
      token: created.body.data.secret,
    })
    expect(configuration.status).toBe(200)
    expect(await auditedOn(node)).not.toContain('nodes.rotate-secret')
  })
})
