/**
 * Several API processes on one PostgreSQL database (API.md, "Many replicas, one database"). Runs in
 * the PostgreSQL pass of the suite (`npm run test:pg`); PGlite is one process's database by design.
 */
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openEventStream } from '../tools/event-stream.ts'
import { type ServerProcess, spawnServer, waitForHealthy } from '../tools/server-process.ts'
import { ADMIN_TOKEN, answerChecker, type Json, ON_POSTGRES, testDatabase } from './support.ts'

const SWEEP_SECONDS = 1
// The processes' answers are checked against the OpenAPI documents, as every server test's.
const answers = answerChecker()
afterEach(answers.verify)

async function call(server: ServerProcess, method: string, path: string, body?: unknown, headers = {}) {
  const response = await answers.fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Json, etag: response.headers.get('etag') }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe()
    if (value !== undefined) return value
    await sleep(200)
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe.skipIf(!ON_POSTGRES)('two API processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>
  let sql: pg.Pool
  let first: ServerProcess
  let second: ServerProcess
  const env = () => ({
    DATABASE_URL: database.url,
    WADP_ADMIN_TOKEN: ADMIN_TOKEN,
    WADP_SYNC_DELAY_MS: '3000-3000',
    WADP_TOKEN_SWEEP_SECONDS: String(SWEEP_SECONDS),
    WADP_JOB_POLL_SECONDS: '0.5',
    WADP_JOB_LEASE_SECONDS: '4',
    WADP_JOB_MAINTENANCE_SECONDS: '1',
    // A test stands for another address through X-Forwarded-For (the sign-in limit counts per address).
    WADP_TRUSTED_PROXIES: '1',
  })

  beforeAll(async () => {
    database = await testDatabase()
    sql = new pg.Pool({ connectionString: database.url, max: 3 })
    // The pool's `end` answers before its connections have closed: one still closing when the database is
    // dropped hears "terminating connection"; a query's own error still fails its test.
    sql.on('connect', (client) => client.on('error', () => {}))
    // An idle connection's error is also re-emitted on the pool, which throws it when nobody listens there
    // (a CI run saw "terminating connection due to administrator command" so, as the database was dropped).
    sql.on('error', () => {})
    // Both start together on the empty database: one migrates and seeds, the other waits its turn.
    ;[first, second] = await Promise.all([spawnServer(env()), spawnServer(env())])
    await Promise.all([waitForHealthy(first), waitForHealthy(second)])
    await answers.load(first.url)
  }, 180_000)

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()])
    await sql?.end()
    await database?.drop()
  })

  it('seeds the shared database once although both processes started on it together', async () => {
    const organizations = await call(second, 'GET', '/api/auth/v0/organizations')
    expect(organizations.body.meta.total).toBe(2)
    // The first start set the bootstrap token's secret; the second, bringing the same one, wrote nothing.
    const { rows } = await sql.query("select count(*)::int as n from audit_log where action = 'tokens.rotate'")
    expect(rows[0].n).toBe(1)
    const websites = await call(first, 'GET', '/api/core/v0/projects/shop/websites')
    expect(websites.body.meta.total).toBe(3)
    // One set of OIDC signing keys: an access token issued through one process verifies on the other.
    const jwks = await Promise.all(
      [first, second].map((server) => fetch(`${server.url}/oidc/jwks`).then((r) => r.json())),
    )
    expect(jwks[0].keys.length).toBeGreaterThan(0)
    expect(jwks[1]).toEqual(jwks[0])
  })

  it('reads a change made through one process through the other at once: item, list, search, sync', async () => {
    const path = '/api/core/v0/projects/shop/websites/shop-example-com'
    // Warm the second process's caches first.
    const before = await call(second, 'GET', path)
    await call(second, 'GET', '/api/core/v0/projects/shop/websites?sort=display_name')
    await sleep(3500)
    expect((await call(second, 'GET', '/api/core/v0/projects/shop/sync')).body.data.updated).toBe(true)
    // The second process's search answer is memoised; the first process's write must still show.
    expect((await call(second, 'GET', '/api/core/v0/search?query=renamed%20through')).body.data).toEqual([])

    const renamed = await call(
      first,
      'PATCH',
      path,
      { display_name: 'Renamed through the first process' },
      { 'if-match': before.etag },
    )
    expect(renamed.status).toBe(200)

    const item = await call(second, 'GET', path)
    expect(item.body.data.display_name).toBe('Renamed through the first process')
    expect(item.etag).toBe(`"${before.body.data.revision + 1}"`)
    const list = await call(second, 'GET', '/api/core/v0/projects/shop/websites?sort=display_name')
    expect(list.body.data.map((w: Json) => w.display_name)).toContain('Renamed through the first process')
    const search = await call(second, 'GET', '/api/core/v0/search?query=renamed%20through')
    expect(search.body.data.map((r: Json) => r.resource.data.name)).toEqual(['shop-example-com'])
    const sync = await call(second, 'GET', '/api/core/v0/projects/shop/sync?details=true')
    expect(sync.body.data.updated).toBe(false)
  })

  it('sees projects and revoked tokens of the other process at once', async () => {
    await call(second, 'GET', '/api/auth/v0/search/projects?items=1000')
    const created = await call(first, 'POST', '/api/auth/v0/projects', { name: 'replicated', customer: 'acme-retail' })
    expect(created.status).toBe(201)
    const projects = await call(second, 'GET', '/api/auth/v0/search/projects?items=1000')
    expect(projects.body.data.map((p: Json) => p.name)).toContain('replicated')
    expect((await call(second, 'GET', '/api/core/v0/projects/replicated/websites')).status).toBe(200)

    const token = await call(first, 'POST', '/api/auth/v0/tokens', { name: 'short-lived', permissions: ['wadp.*.*'] })
    const secret = token.body.data.token as string
    const check = () =>
      answers
        .fetch(`${second.url}/api/auth/v0/auth/check`, { headers: { authorization: `Bearer ${secret}` } })
        .then((r) => r.status)
    expect(await check()).toBe(200)
    const current = await call(first, 'GET', '/api/auth/v0/tokens/short-lived')
    const revoked = await call(
      first,
      'PATCH',
      '/api/auth/v0/tokens/short-lived',
      { status: 'revoked' },
      { 'if-match': current.etag },
    )
    expect(revoked.status).toBe(200)
    expect(await check()).toBe(401)
  })

  it('refuses at once, on the other process, a token revoked or whose owner was disabled on this one', async () => {
    await call(first, 'POST', '/api/auth/v0/users', { email: 'rita@example.com', roles: ['operator'] })
    const issue = async (name: string) =>
      (await call(first, 'POST', '/api/auth/v0/tokens', { name, owner: 'rita@example.com', permissions: ['wadp.*.*'] }))
        .body.data.token as string
    const [revokedLater, ownedByRita] = [await issue('revoked-later'), await issue('owned-by-rita')]
    const check = (secret: string) =>
      answers
        .fetch(`${second.url}/api/auth/v0/auth/check`, { headers: { authorization: `Bearer ${secret}` } })
        .then((r) => r.status)
    expect([await check(revokedLater), await check(ownedByRita)]).toEqual([200, 200])
    const revoked = await call(first, 'POST', '/api/auth/v0/tokens/revoked-later/revoke', undefined, {
      'if-match': '"1"',
    })
    expect(revoked.status).toBe(200)
    expect(await check(revokedLater)).toBe(401)
    expect(await check(ownedByRita)).toBe(200)
    const disabled = await call(
      first,
      'PATCH',
      '/api/auth/v0/users/rita@example.com',
      { status: 'disabled' },
      {
        'if-match': '"1"',
      },
    )
    expect(disabled.status).toBe(200)
    expect(await check(ownedByRita)).toBe(401)
  })

  it('makes every change sent with If-Match: * at once to both processes, each on the one before', async () => {
    const path = '/api/core/v0/projects/shop/synthetics'
    expect((await call(first, 'POST', path, { name: 'any-revision', status: 200, body: 'first' })).status).toBe(201)
    const changes = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        call(
          [first, second][n % 2] as ServerProcess,
          'PATCH',
          `${path}/any-revision`,
          { body: `change ${n}` },
          {
            'if-match': '*',
          },
        ),
      ),
    )
    // Whatever the revision, as the caller asked: none is refused as changed meanwhile.
    expect(changes.map((change) => change.status)).toEqual(changes.map(() => 200))
    const now = await call(second, 'GET', `${path}/any-revision`)
    expect(now.body.data.revision).toBe(13)
    const { rows } = await sql.query(
      "select count(*)::int as n from audit_log where action = 'synthetics.update' and resource_name = 'any-revision'",
    )
    expect(rows[0].n).toBe(12)
  })

  it('lets no more failed sign-ins through than the limit when they are sent at once to both processes', async () => {
    const ip = '198.51.100.41'
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        answers
          .fetch(`${[first, second][attempt % 2]?.url}/api/auth/v0/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify({ token: `wrong-token-${attempt}` }),
          })
          .then(async (response) => {
            await response.arrayBuffer()
            return response.status
          }),
      ),
    )
    // Ten tried and recorded, whichever process each met; every other one refused unrecorded.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(30)
    const { rows } = await sql.query(
      "select count(*)::int as n from audit_log where action = 'login' and result = 'failure' and actor->>'ip' = $1",
      [ip],
    )
    expect(rows[0].n).toBe(10)
  })

  it('streams the live traffic of two nodes whose batches one process and the other stored at once', async () => {
    const deadline = Date.now() + 45_000
    const core = '/api/core/v0'
    const secrets: Record<string, string> = {}
    for (const name of ['pop-zz-slow-1', 'pop-zz-fast-1']) {
      const created = await call(first, 'POST', `${core}/nodes`, {
        name,
        hostname: `${name}.edge.example.net`,
        pop_code: 'tst',
        country: 'zz',
        kind: 'agent',
      })
      expect(created.status).toBe(201)
      secrets[name] = created.body.data.secret as string
    }
    const site = (await call(first, 'GET', `${core}/projects/shop/websites?items=1`)).body.data[0] as Json
    const send = (server: ServerProcess, node: string, path: string) =>
      answers
        .fetch(`${server.url}${core}/edge/nodes/${node}/traffic`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secrets[node]}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            seen: 1,
            lines: [
              {
                project: 'shop',
                at: new Date().toISOString(),
                host: site.domain_name,
                method: 'GET',
                path,
                query: '',
                status: 200,
                cache: 'hit',
                bytes: 512,
                duration_ms: 0.4,
                client_country: null,
              },
            ],
          }),
        })
        .then((response) => response.status)
    const stream = await openEventStream(
      `${second.url}${core}/projects/shop/websites/${site.name}/traffic`,
      ADMIN_TOKEN,
      answers.fetch,
      deadline,
    )
    const shown = () => stream.events.filter((event) => event.event === 'request').map((event) => event.data.path)
    await stream.until(() => stream.events.some((event) => event.event === 'ready'), 'the ready event')
    // The slow node's insert, through the first process, is held after it took its id (a trigger waits on
    // an advisory lock the test holds), as a large batch on a busy database is, while the fast node's
    // goes through the second.
    const holder = await sql.connect()
    await sql.query(
      "create function hold_slow_traffic() returns trigger language plpgsql as $$ begin if new.node = 'pop-zz-slow-1' then perform pg_advisory_lock_shared(4242); perform pg_advisory_unlock_shared(4242); end if; return new; end $$",
    )
    await sql.query(
      'create trigger hold_slow_traffic before insert on edge_traffic for each row execute function hold_slow_traffic()',
    )
    const waitingLocks = async () => {
      const { rows } = await sql.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
      )
      return rows[0].n as number
    }
    try {
      await holder.query('select pg_advisory_lock(4242)')
      const slow = send(first, 'pop-zz-slow-1', '/slow')
      await until('the slow batch to be held', async () => ((await waitingLocks()) >= 1 ? true : undefined))
      const fast = send(second, 'pop-zz-fast-1', '/fast')
      // The fast batch is either shown already or waiting its turn behind the slow one.
      await until('the fast batch to be shown or to wait', async () =>
        shown().includes('/fast') || (await waitingLocks()) >= 2 ? true : undefined,
      )
      await holder.query('select pg_advisory_unlock(4242)')
      expect(await Promise.all([slow, fast])).toEqual([204, 204])
    } finally {
      await sql.query('drop trigger if exists hold_slow_traffic on edge_traffic')
      await sql.query('drop function if exists hold_slow_traffic()')
      holder.release()
    }
    expect(await send(second, 'pop-zz-fast-1', '/last')).toBe(204)
    await stream.until(() => shown().includes('/last'), 'the last request')
    await stream.close()
    // Each once, in the order their ids say; before, the slow one was passed over for good.
    expect(shown()).toEqual(['/slow', '/fast', '/last'])
  }, 60_000)

  it('runs a periodic job once per period for the cluster, not once per process', async () => {
    const count = async () => {
      const { rows } = await sql.query(
        "select count(*)::int as jobs, count(distinct singleton_on)::int as periods from pgboss.job where name = 'expire-tokens' and state = 'completed'",
      )
      return rows[0] as { jobs: number; periods: number }
    }
    const start = await count()
    await sleep(6000)
    const end = await count()
    const ran = end.jobs - start.jobs
    // Two processes offer the job every half second: once per process would be 2 a period or more.
    expect(ran).toBeGreaterThanOrEqual(4)
    expect(ran).toBeLessThanOrEqual(6000 / 1000 / SWEEP_SECONDS + 1)
    expect(end.jobs).toBe(end.periods)
  })

  it('loses no job when a process is killed in the middle of one', async () => {
    const created = await call(first, 'POST', '/api/auth/v0/tokens', { name: 'expiring', permissions: ['wadp.*.list'] })
    expect(created.status).toBe(201)
    const locker = await sql.connect()
    let killed: ServerProcess | null = null
    try {
      // Make the token expire, then hold the table every sweep writes until a sweep is stuck on it.
      await sql.query(
        "update resources set data = jsonb_set(data, '{expires_at}', to_jsonb((now() - interval '1 minute')::text)) where type = 'tokens' and name = 'expiring'",
      )
      await locker.query('begin')
      await locker.query('lock table resources in share row exclusive mode')
      const waiting = await until('a sweep waiting on the lock', async () => {
        const { rows } = await sql.query(
          "select application_name from pg_stat_activity where wait_event_type = 'Lock' and application_name like 'wadp-api-%' and query like 'update%'",
        )
        return rows[0]?.application_name as string | undefined
      })
      const pid = Number(waiting.replace('wadp-api-', ''))
      killed = [first, second].find((server) => server.pid === pid) ?? null
      expect(killed).not.toBeNull()
      killed?.child.kill('SIGKILL')
      await killed?.exited
    } finally {
      await locker.query('rollback')
      locker.release()
    }
    const survivor = killed === first ? second : first
    // The killed run is failed once its lease is over and retried by the survivor.
    const retried = await until('the killed run to be retried and completed', async () => {
      const { rows } = await sql.query(
        "select count(*)::int as n from pgboss.job where name = 'expire-tokens' and retry_count > 0 and state = 'completed'",
      )
      return rows[0].n > 0 ? rows[0].n : undefined
    })
    expect(retried).toBeGreaterThan(0)
    const { rows: stuck } = await sql.query(
      "select count(*)::int as n from pgboss.job where name = 'expire-tokens' and state in ('active', 'failed') and started_on < now() - interval '10 seconds'",
    )
    expect(stuck[0].n).toBe(0)
    const token = await call(survivor, 'GET', '/api/auth/v0/tokens/expiring')
    expect(token.body.data.status).toBe('expired')
    const { rows: audit } = await sql.query(
      "select count(*)::int as n from audit_log where action = 'tokens.expire' and resource_name = 'expiring'",
    )
    expect(audit[0].n).toBe(1)
  }, 90_000)
})
