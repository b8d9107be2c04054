import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { optionsFromEnv, startServer } from '../../server/main.ts'
import { PLATFORM_TYPES } from '../../src/platform/types.ts'
import { spawnServer, waitForHealthy } from '../tools/server-process.ts'
import { answerChecker, ON_POSTGRES } from './support.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'wadp-data-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
// Its servers' answers are checked against the OpenAPI documents, as every server test's.
const answers = answerChecker()
afterEach(answers.verify)

const start = (adminToken: string, directory = dataDir) =>
  startServer(
    {
      ...optionsFromEnv({}),
      port: 0,
      dataDir: directory,
      databaseUrl: undefined,
      adminToken,
      demoPassword: 'p',
      serveConsole: false,
    },
    PLATFORM_TYPES,
  )

// Nothing here reaches the PostgreSQL server: the PostgreSQL pass (`npm run test:pg`, which runs every
// server test again) leaves it to the PGlite one, where it took 30-43 s of a loaded run (and 30-83 s
// again in the PostgreSQL pass, near its time-out in run W).
describe.skipIf(ON_POSTGRES)('embedded database on disk', () => {
  it('keeps everything across a restart on the same data directory, without seeding twice', async () => {
    const first = await start('first-admin-token-0123456789')
    await answers.load(first.url)
    const auth = { authorization: 'Bearer first-admin-token-0123456789', 'content-type': 'application/json' }
    const created = await answers.fetch(`${first.url}/api/core/v0/projects/shop/directors`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'survivor', backends: [{ host: 'o.example.com', port: 443 }] }),
    })
    expect(created.status).toBe(201)
    const token = await answers
      .fetch(`${first.url}/api/auth/v0/tokens`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'kept', permissions: ['wadp.*.list'] }),
      })
      .then((r) => r.json() as Promise<{ data: { token: string } }>)
    await first.close()

    const second = await start('second-admin-token-0123456789')
    try {
      const kept = await answers.fetch(`${second.url}/api/core/v0/projects/shop/directors/survivor`, {
        headers: { authorization: 'Bearer second-admin-token-0123456789' },
      })
      expect(kept.status).toBe(200)
      const check = await answers.fetch(`${second.url}/api/auth/v0/auth/check`, {
        headers: { authorization: `Bearer ${token.data.token}` },
      })
      expect(check.status).toBe(200)
      const oldAdmin = await answers.fetch(`${second.url}/api/auth/v0/auth/check`, {
        headers: { authorization: 'Bearer first-admin-token-0123456789' },
      })
      expect(oldAdmin.status).toBe(401)
      const organizations = await answers
        .fetch(`${second.url}/api/auth/v0/organizations`, {
          headers: { authorization: 'Bearer second-admin-token-0123456789' },
        })
        .then((r) => r.json() as Promise<{ meta: { total: number } }>)
      expect(organizations.meta.total).toBe(2)
    } finally {
      await second.close()
    }
    // Two starts on disk, each with PGlite's own initdb or recovery (no in-memory template here): 15-19 s
    // with another test pass beside it, over 60 s with three; the time-out keeps six times the first.
  }, 120_000)

  it('is refused to a second process while one has it open, and taken over once that one was killed', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'wadp-data-'))
    const other = await spawnServer({
      DATABASE_URL: '',
      WADP_DATA_DIR: shared,
      WADP_ADMIN_TOKEN: 'other-admin-token-0123456789',
    })
    try {
      await waitForHealthy(other)
      // Each process would keep its own copy and write it back: one of them would lose the other's writes.
      await expect(start('refused-admin-token-0123456789', shared)).rejects.toThrow(
        `the database in ${shared} is open in another process (${other.pid})`,
      )
      other.child.kill('SIGKILL')
      await other.exited
      const after = await start('after-admin-token-0123456789', shared)
      try {
        const check = await answers.fetch(`${after.url}/api/auth/v0/auth/check`, {
          headers: { authorization: 'Bearer after-admin-token-0123456789' },
        })
        expect(check.status).toBe(200)
      } finally {
        await after.close()
      }
    } finally {
      await other.stop()
      rmSync(shared, { recursive: true, force: true })
    }
  }, 120_000)
})
