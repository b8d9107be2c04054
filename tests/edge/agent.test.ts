/**
 * The real edge end to end on loopback (issue 23): the platform, an edge agent node made through the API,
 * its agent running varnishd, and a small origin. A website made through quick setup answers through the
 * node with the origin's content (MISS, then HIT); a change is applied and the sync view says so from the
 * agent's report; a request shows in the website's live traffic; a backend's probes are reported (a stopped origin sick, then healthy again); a rate limit answers 429 and a blocklisted address 403; killing varnishd with -9 is survived; a new agent on the same node takes over, and serves what the last one applied while the platform is unreachable.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EdgeAgent } from '../../server/edge/agent.ts'
import { findVarnishd } from '../../server/edge/vcc.ts'
import { ContractChecker } from '../server/contract.ts'
import { setUpPlatform } from '../server/support.ts'
import { openEventStream } from '../tools/event-stream.ts'
import { edgeGet, freePort, startOrigin } from './support.ts'

const varnishd = findVarnishd()
const platform = setUpPlatform()
const core = '/api/core/v0'
const NODE = 'pop-zz-edge-1'
const HOST = 'agent-edge.example.com'
/** A website of another project (shop-staging) on the same node. */
const OTHER_HOST = 'agent-other.example.com'

/** How far the agent's clock (and, in the statistics test, the platform's) is ahead: minutes close sooner. */
let shift = 0

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `check` holds, asking every 200 ms; fails saying what it waited for. */
async function until<T>(what: string, check: () => Promise<T | null | false>, seconds = 90): Promise<T> {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const value = await check().catch(() => null)
    if (value) return value
    if (Date.now() > deadline) throw new Error(`waited ${seconds} s for ${what}`)
    await sleep(200)
  }
}

describe.skipIf(!varnishd)('an edge agent running varnishd for the platform', () => {
  let origin: Awaited<ReturnType<typeof startOrigin>>
  let agent: EdgeAgent
  let dir: string
  let base: string
  let secret: string
  let places: { listen: string; admin: string }

  const get = (host: string, path: string) => edgeGet(base, host, path)
  const agentRow = async (project: string) => {
    const sync = await platform.call('GET', `${core}/projects/${project}/sync?details=true`)
    return sync.body.data.details.find((detail: { endpoint: string }) => detail.endpoint === NODE)
  }
  const newAgent = (platformUrl = platform.url) =>
    new EdgeAgent({
      platformUrl,
      node: NODE,
      token: secret,
      varnishd: varnishd as string,
      dir,
      pollMs: 200,
      clock: () => Date.now() + shift,
      log: () => undefined,
      ...places,
    })

  beforeAll(async () => {
    origin = await startOrigin()
    dir = await mkdtemp(join(tmpdir(), 'wadp-agent-'))
    const listen = await freePort()
    places = { listen: `127.0.0.1:${listen}`, admin: `127.0.0.1:${await freePort()}` }
    base = `http://127.0.0.1:${listen}`
    const created = await platform.call('POST', `${core}/nodes`, {
      body: { name: NODE, hostname: 'localhost', pop_code: 'loc', country: 'zz', kind: 'agent' },
    })
    expect(created.status).toBe(201)
    secret = created.body.data.secret
    agent = newAgent()
    await agent.start()
  }, 60_000)

  afterAll(async () => {
    await agent?.stop()
    await origin?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('serves a website made through quick setup from its origin: a MISS, then a HIT', async () => {
    const director = await platform.call('POST', `${core}/projects/shop/directors`, {
      body: {
        name: 'loopback-origin',
        backends: [{ host: '127.0.0.1', port: origin.port }],
        probe: { enabled: false },
      },
    })
    expect(director.status).toBe(201)
    const made = await platform.call('POST', `${core}/projects/shop/quick-setup`, {
      body: {
        domain_name: HOST,
        backend: { directorOption: 'existing' },
        default_director: 'loopback-origin',
      },
    })
    expect(made.status).toBe(201)
    // Loading every seeded project with gcc takes a while on a busy machine; then the report says so.
    await until('the node to run the new website', async () => (await agentRow('shop'))?.updated)
    const first = await get(HOST, '/hello')
    expect([first.status, first.body, first.headers['x-cache'], first.headers['x-served-by']]).toEqual([
      200,
      'origin says /hello',
      'MISS',
      NODE,
    ])
    const second = await get(HOST, '/hello')
    expect(second.headers['x-cache']).toBe('HIT')
    expect(origin.seen.filter((line) => line.endsWith('/hello'))).toHaveLength(1)
    expect((await get('nobody.example', '/')).status).toBe(404)
  }, 150_000)

  it('shows a request through the node in the website’s live traffic, its secret query values redacted', async () => {
    const admin = await platform.tokenFor('admin@example.com', ['wadp.*.*'])
    const traffic = `${core}/projects/shop/websites/agent-edge-example-com/traffic`
    const stream = await openEventStream(`${platform.url}${traffic}`, admin)
    try {
      await stream.until(() => stream.events.some((event) => event.event === 'ready'))
      expect((await get(HOST, '/live?page=2&session=abc123')).status).toBe(200)
      await stream.until(() => stream.events.some((event) => event.data.path === '/live'))
      const seen = stream.events.find((event) => event.data.path === '/live')?.data
      expect(seen).toMatchObject({
        node: NODE,
        host: HOST,
        method: 'GET',
        query: 'page=2&session=REDACTED',
        status: 200,
        cache: 'miss',
        client_country: null,
      })
      // Each event as the core document describes it (LiveTrafficEvent), a real Varnish node's line included.
      const checker = await ContractChecker.load(platform.url)
      expect(checker.eventViolations('GET', traffic, stream.events)).toEqual([])
    } finally {
      await stream.close()
    }
  }, 60_000)

  it('applies a change and the sync view says so from its report', async () => {
    const row = await agentRow('shop')
    expect(row).toMatchObject({ status_source: 'agent', available: true, updated: true, message: null })
    const synthetic = await platform.call('POST', `${core}/projects/shop/synthetics`, {
      body: { name: 'edge-teapot', status: 418, content_type: 'text/plain', body: 'short and stout' },
    })
    expect(synthetic.status).toBe(201)
    const rule = await platform.call('POST', `${core}/projects/shop/pagerules`, {
      body: {
        name: 'teapot',
        website: 'agent-edge-example-com',
        priority: 1,
        match: { path: '/teapot', match_type: 'exact' },
        action: { kind: 'synthetic', synthetic: 'edge-teapot' },
      },
    })
    expect(rule.status).toBe(201)
    const site = await platform.call('GET', `${core}/projects/shop/websites/agent-edge-example-com`)
    const linked = await platform.call('PATCH', `${core}/projects/shop/websites/agent-edge-example-com`, {
      body: { page_rules: [...site.body.data.page_rules, 'teapot'] },
      headers: { 'if-match': site.headers.get('etag') as string },
    })
    expect(linked.status).toBe(200)
    await until('the page rule on the node', async () => (await agentRow('shop'))?.updated)
    const teapot = await get(HOST, '/teapot')
    expect([teapot.status, teapot.body]).toEqual([418, 'short and stout'])
  }, 120_000)

  it('carries out invalidations itself and reports them: the next request is a MISS', async () => {
    const purge = async (type: string, targets: string[]) => {
      const made = await platform.call('POST', '/api/purge/v0/projects/shop/purge', { body: { type, targets } })
      expect(made.status).toBe(202)
      const done = await until(`the ${type} invalidation done on the node`, async () => {
        const read = await platform.call('GET', `/api/purge/v0/projects/shop/purge/${made.body.data.name}`)
        const mine = read.body.data.per_node.find((step: { node: string }) => step.node === NODE)
        return mine?.status === 'completed' ? mine : null
      })
      expect(done).toMatchObject({ source: 'agent', message: 'banned' })
    }
    const cached = async (path: string) => {
      await get(HOST, path)
      return (await get(HOST, path)).headers['x-cache']
    }
    // Another project's website on the same node, whose origin tags its pages the same way.
    const director = await platform.call('POST', `${core}/projects/shop-staging/directors`, {
      body: { name: 'staging-origin', backends: [{ host: '127.0.0.1', port: origin.port }], probe: { enabled: false } },
    })
    expect(director.status).toBe(201)
    const website = await platform.call('POST', `${core}/projects/shop-staging/websites`, {
      body: { name: 'staging', domain_name: OTHER_HOST, default_director: 'staging-origin' },
    })
    expect(website.status).toBe(201)
    await until('the other project on the node', async () => (await agentRow('shop-staging'))?.updated)
    expect(await cached('/docs/a')).toBe('HIT')
    expect(await cached('/docs/b')).toBe('HIT')
    expect(await cached('/blog/c')).toBe('HIT')
    await get(OTHER_HOST, '/docs/z')
    expect((await get(OTHER_HOST, '/docs/z')).headers['x-cache']).toBe('HIT')
    await purge('url', [`https://${HOST}/docs/a`])
    expect([(await get(HOST, '/docs/a')).headers['x-cache'], (await get(HOST, '/docs/b')).headers['x-cache']]).toEqual([
      'MISS',
      'HIT',
    ])
    await purge('tag', ['tag-docs'])
    expect((await get(HOST, '/docs/b')).headers['x-cache']).toBe('MISS')
    expect((await get(HOST, '/blog/c')).headers['x-cache']).toBe('HIT')
    // The node's cache holds both projects: shop's tag does not reach the other project's pages.
    expect((await get(OTHER_HOST, '/docs/z')).headers['x-cache']).toBe('HIT')
    await purge('all', [])
    expect((await get(HOST, '/blog/c')).headers['x-cache']).toBe('MISS')
    expect(await cached('/by-host')).toBe('HIT')
    await purge('host', [HOST])
    expect((await get(HOST, '/by-host')).headers['x-cache']).toBe('MISS')

    // The other project's snippet hashes a request as shop's: it still cannot reach shop's objects.
    expect(await cached('/poison')).toBe('HIT')
    const poison = await platform.call('POST', `${core}/projects/shop-staging/codesnippets`, {
      body: {
        name: 'hash-as-shop',
        hook: 'vcl_hash',
        content: `if (req.url ~ "^/poison") {\n  hash_data(req.url);\n  hash_data("${HOST}");\n  return (lookup);\n}`,
      },
    })
    expect(poison.status).toBe(201)
    await until('the snippet on the node', async () => (await agentRow('shop-staging'))?.updated)
    expect((await get(OTHER_HOST, '/poison')).headers['x-cache']).toBe('MISS')
  }, 150_000)

  /** Asks for an invalidation of shop and waits for the node's own result on it. */
  const purgedOnNode = async (type: string, targets: string[]) => {
    const made = await platform.call('POST', '/api/purge/v0/projects/shop/purge', { body: { type, targets } })
    expect(made.status).toBe(202)
    return until(`the ${type} invalidation reported by the node`, async () => {
      const read = await platform.call('GET', `/api/purge/v0/projects/shop/purge/${made.body.data.name}`)
      const mine = read.body.data.per_node.find((step: { node: string }) => step.node === NODE)
      return mine?.status === 'completed' || mine?.status === 'failed' ? mine : null
    })
  }
  const cachedNow = async (path: string) => {
    await get(HOST, path)
    return (await get(HOST, path)).headers['x-cache']
  }

  it('bans a URL as clients send it, raw and percent-encoded: /a{b} and /a%7Bb%7D', async () => {
    for (const path of ['/a{b}', '/a%7Bb%7D', '/p{x}/y', '/p%7Bx%7D/y']) expect(await cachedNow(path)).toBe('HIT')
    expect(origin.seen).toContain(`${HOST} /a{b}`)
    expect(await purgedOnNode('url', [`https://${HOST}/a{b}`])).toMatchObject({
      status: 'completed',
      message: 'banned',
    })
    expect([(await get(HOST, '/a{b}')).headers['x-cache'], (await get(HOST, '/a%7Bb%7D')).headers['x-cache']]).toEqual([
      'MISS',
      'MISS',
    ])
    expect(await purgedOnNode('prefix', [`https://${HOST}/p{x}/`])).toMatchObject({ status: 'completed' })
    expect([
      (await get(HOST, '/p{x}/y')).headers['x-cache'],
      (await get(HOST, '/p%7Bx%7D/y')).headers['x-cache'],
    ]).toEqual(['MISS', 'MISS'])
  }, 60_000)

  it('bans what an invalidation names however far the platform’s clock is from its own', async () => {
    expect(await cachedNow('/skewed')).toBe('HIT')
    const ctx = platform.server.ctx
    const realNow = ctx.now.bind(ctx)
    // The agent's clock 5 minutes ahead of the platform's, and more: the invalidation's time, by the
    // platform's clock, is before this varnishd started by the agent's.
    const ahead = Date.now() - Date.parse(agent.reportBody().started_at as string) + 5 * 60_000
    ctx.now = () => realNow() - ahead
    try {
      expect(await purgedOnNode('url', [`https://${HOST}/skewed`])).toMatchObject({
        status: 'completed',
        message: 'banned',
      })
    } finally {
      ctx.now = realNow
    }
    expect((await get(HOST, '/skewed')).headers['x-cache']).toBe('MISS')
  }, 60_000)

  it("reports its backends' probes: a stopped origin is sick in the API, and healthy again once it answers", async () => {
    const port = await freePort()
    let probed = await startOrigin(port)
    const made = await platform.call('POST', `${core}/projects/shop/directors`, {
      body: {
        name: 'probed-origin',
        backends: [{ host: '127.0.0.1', port }],
        probe: { interval_seconds: 1, timeout_seconds: 1, window: 3, threshold: 2 },
      },
    })
    expect(made.status).toBe(201)
    const row = async () => {
      const health = await platform.call('GET', `${core}/backend-health?project=shop&director=probed-origin`)
      return health.body.data[0]
    }
    const healthy = await until('the node to report the new backend healthy', async () => {
      const found = await row()
      return found?.source === 'agent' && found.healthy ? found : null
    })
    expect(healthy.nodes).toEqual([
      expect.objectContaining({ node: NODE, source: 'agent', healthy: true, reported_at: expect.any(String) }),
    ])
    expect(healthy.nodes[0].window).toContain(true)

    await probed.close()
    const sick = await until('the stopped origin to be sick', async () => {
      const found = await row()
      return found && !found.healthy ? found : null
    })
    expect(sick).toMatchObject({ source: 'agent', nodes: [expect.objectContaining({ node: NODE, healthy: false })] })
    expect(sick.window.at(-1)).toBe(false)
    // Dated when the agent saw it turn, not when Varnish made the backend (its own time of it stays there).
    expect(Date.parse(sick.nodes[0].last_change_at)).toBeGreaterThan(Date.parse(healthy.nodes[0].last_change_at))

    probed = await startOrigin(port)
    await until('the origin to be healthy again', async () => (await row())?.healthy)
    await probed.close()
  }, 150_000)

  it('answers 429 over a rate limit, and 403 to a blocklisted address, once they are saved', async () => {
    // Two requests a minute by address on /limited: in shop, and under the same name in shop-staging.
    const EDGE_LIMIT = {
      name: 'edge-limited',
      match: { paths: ['/limited'] },
      keys: ['ip'],
      limit: 2,
      period_s: 60,
      penalty_s: 60,
    }
    const limit = await platform.call('POST', `${core}/projects/shop/ratelimits`, {
      body: EDGE_LIMIT,
    })
    expect(limit.status).toBe(201)
    const site = await platform.call('GET', `${core}/projects/shop/websites/agent-edge-example-com`)
    const limited = await platform.call('PATCH', `${core}/projects/shop/websites/agent-edge-example-com`, {
      body: { rate_limits: ['edge-limited'] },
      headers: { 'if-match': site.headers.get('etag') as string },
    })
    expect(limited.status).toBe(200)
    // The other project has a rate limit of the same name and key on its website: its own counter.
    const other = await platform.call('POST', `${core}/projects/shop-staging/ratelimits`, {
      body: EDGE_LIMIT,
    })
    expect(other.status).toBe(201)
    const staging = await platform.call('PATCH', `${core}/projects/shop-staging/websites/staging`, {
      body: { rate_limits: ['edge-limited'] },
      headers: { 'if-match': '*' },
    })
    expect(staging.status).toBe(200)
    await until('the rate limit on the node', async () => (await agentRow('shop'))?.updated)
    await until('the other rate limit on the node', async () => (await agentRow('shop-staging'))?.updated)
    const statuses = []
    for (let i = 0; i < 3; i += 1) statuses.push((await get(HOST, `/limited?${i}`)).status)
    expect(statuses).toEqual([200, 200, 429])
    expect((await get(OTHER_HOST, '/limited')).status).toBe(200)

    const blocked = await platform.call('POST', `${core}/access-list`, {
      body: {
        name: 'edge-loopback',
        target: 'ip',
        value: '127.0.0.1',
        action: 'block',
        scope: 'project',
        project: 'shop',
      },
    })
    expect(blocked.status).toBe(201)
    // A blocklist entry is platform configuration: the admin sync view follows it.
    await until('the blocklist on the node', async () => {
      const sync = await platform.call('GET', `${core}/admin-sync-state`)
      return sync.body.data.details.find((detail: { endpoint: string }) => detail.endpoint === NODE)?.updated
    })
    expect((await get(HOST, '/hello')).status).toBe(403)
    const removed = await platform.call('DELETE', `${core}/access-list/${blocked.body.data.name}`, {
      headers: { 'if-match': '*' },
    })
    expect(removed.status).toBe(204)
    await until('the blocklist entry gone from the node', async () => (await get(HOST, '/hello')).status === 200)
  }, 150_000)

  it('survives kill -9 of varnishd: started again and given everything again', async () => {
    const pid = agent.varnishPid as number
    expect(pid).toBeGreaterThan(0)
    expect((await get(HOST, '/hello')).headers['x-cache']).toBe('HIT')
    process.kill(pid, 'SIGKILL')
    await until('a new varnishd', async () => agent.varnishPid !== null && agent.varnishPid !== pid)
    // The new varnishd has an empty cache (a MISS where the old one had a HIT) and everything loaded again.
    const answer = await until('the new varnishd to serve the website', async () => {
      const res = await get(HOST, '/hello')
      return res.status === 200 ? res : null
    })
    expect([answer.body, answer.headers['x-cache']]).toEqual(['origin says /hello', 'MISS'])
    expect((await get(HOST, '/teapot')).status).toBe(418)
  }, 150_000)

  it('loses nothing when its agent is replaced: a new one on the same node serves the same websites', async () => {
    await agent.stop()
    agent = newAgent()
    // It serves what the last one kept at once; the test after this one reads what the platform sent it.
    const applied = agent.nextApplied()
    await agent.start()
    await applied
    const answer = await until('the new agent to serve', async () => {
      const res = await get(HOST, '/teapot')
      return res.status === 418 ? res : null
    })
    expect(answer.headers['x-served-by']).toBe(NODE)
  }, 150_000)

  it('serves what it last applied when it starts while the platform is unreachable, and reports that revision', async () => {
    const running = agent.reportBody()
    expect(running.projects.find((line) => line.project === 'shop')?.revision).toEqual(expect.any(Number))
    await agent.stop()
    // Nothing listens there: the new agent has only what the last one kept in its directory.
    agent = newAgent(`http://127.0.0.1:${await freePort()}`)
    await agent.start()
    try {
      const answer = await until(
        'the agent to serve its last configuration',
        async () => {
          const res = await get(HOST, '/teapot')
          return res.status === 418 ? res : null
        },
        60,
      )
      expect(answer.headers['x-served-by']).toBe(NODE)
      // varnishd serves the new VCL as it takes it; the agent reports it once it has varnishd's answer, a
      // moment later (the test's request can be answered in between: seen under CI's load).
      const report = await until(
        'its report to name what it serves',
        async () => {
          const body = agent.reportBody()
          return body.platform_revision === running.platform_revision ? body : null
        },
        10,
      )
      expect(report).toMatchObject({
        platform_revision: running.platform_revision,
        projects: running.projects,
        error: null,
      })
    } finally {
      await agent.stop()
      agent = newAgent()
      // The tests after it count requests by the websites it knows: once its configuration is applied.
      const applied = agent.nextApplied()
      await agent.start()
      await applied
    }
  }, 150_000)

  it('counts requests of known statuses exactly, across a restart of its agent, once their minute closed', async () => {
    const ctx = platform.server.ctx
    const realNow = ctx.now.bind(ctx)
    ctx.now = () => realNow() + shift
    const website = 'agent-edge-example-com'
    const pending = async () => (await readdir(join(dir, 'stats')).catch(() => [])).length
    /** Seals every minute so far (the clocks move on) and waits until the platform has every batch. */
    const closeMinutes = async (seconds: number) => {
      shift += seconds * 1000
      await until('every minute sealed and sent', async () => agent.stats.unsealed === 0 && (await pending()) === 0)
    }
    const counted = async () => {
      const res = await platform.call('POST', '/api/stats/v0/queries', {
        body: {
          project: 'shop',
          from: new Date(Date.now() - 30 * 60_000).toISOString(),
          to: new Date(ctx.now() + 60_000).toISOString(),
          granularity: 'minute',
          metrics: ['requests', 'status_2xx', 'status_3xx', 'status_4xx', 'status_5xx', 'bytes_out'],
          filters: { website },
        },
      })
      expect(res.status).toBe(200)
      return res.body.data.sources.find((source: { kind: string }) => source.kind === 'agent').totals
    }
    /** 60 requests: 40 answered 200 (mostly from the cache), 5 × 302, 10 × 404, 5 × 503 from the origin. */
    const sixty = async (round: number) => {
      const paths = [
        ...Array.from({ length: 20 }, () => '/stat/a'),
        ...Array.from({ length: 20 }, () => '/stat/b'),
        ...Array.from({ length: 5 }, (_, i) => `/status/302?r=${round}-${i}`),
        ...Array.from({ length: 10 }, (_, i) => `/status/404?r=${round}-${i}`),
        ...Array.from({ length: 5 }, (_, i) => `/status/503?r=${round}-${i}`),
      ]
      for (const path of paths) await get(HOST, path)
      await until('the 60 requests counted', async () => agent.stats.unsealed === 60)
    }
    try {
      // The shared log's last lines of the tests before (read a few hundred ms after their request) first.
      for (let last = -1; last !== agent.stats.unsealed; await sleep(1000)) last = agent.stats.unsealed
      await closeMinutes(120)
      const before = await counted()
      await sixty(1)
      // The agent stops with 60 requests of an open minute: it seals them on disk, and the next one sends them.
      await agent.stop()
      expect(await pending()).toBe(1)
      agent = newAgent()
      // Serving once its first configuration is applied (no request of the test's own to find out).
      const applied = agent.nextApplied()
      await agent.start()
      await applied
      await until('the sealed batch sent', async () => (await pending()) === 0)
      await sixty(2)
      await closeMinutes(180)
      const after = await counted()
      expect({
        requests: after.requests - before.requests,
        status_2xx: after.status_2xx - before.status_2xx,
        status_3xx: after.status_3xx - before.status_3xx,
        status_4xx: after.status_4xx - before.status_4xx,
        status_5xx: after.status_5xx - before.status_5xx,
      }).toEqual({ requests: 120, status_2xx: 80, status_3xx: 10, status_4xx: 20, status_5xx: 10 })
      expect(after.bytes_out).toBeGreaterThan(before.bytes_out)
    } finally {
      ctx.now = realNow
    }
  }, 150_000)
})
