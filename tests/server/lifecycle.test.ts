import { request } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, spawnServer, waitForHealthy } from '../tools/server-process.ts'
import { ADMIN_TOKEN, answerChecker, nodeAnswer, testDatabase } from './support.ts'

let database: Awaited<ReturnType<typeof testDatabase>>
const servers: ServerProcess[] = []
beforeAll(async () => {
  database = await testDatabase()
})
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await database.drop()
})
// The answers of a server starting and stopping (its 503s among them) are checked against the OpenAPI
// documents, read from it once it is up.
const answers = answerChecker()
afterEach(answers.verify)

const start = async () => {
  const server = await spawnServer({
    DATABASE_URL: database.url,
    WADP_ADMIN_TOKEN: ADMIN_TOKEN,
    WADP_SHUTDOWN_GRACE_MS: '10000',
  })
  servers.push(server)
  return server
}

type Seen = { status: number; message?: string; retryAfter?: string | null } | { error: string }

describe('a server process starting and stopping', () => {
  it('answers every request while it starts: 503 "starting" until it can, never a hang', async () => {
    const server = await start()
    const seen: Seen[] = []
    const deadline = Date.now() + 120_000
    let healthy = false
    while (!healthy && Date.now() < deadline) {
      const round = await Promise.all(
        ['/api/core/v0/utils/health', '/api/core/v0/projects/shop/websites', '/version.json'].map((path) =>
          answers
            .fetch(`${server.url}${path}`, {
              headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
              // A hang is an answer that waits for the whole start (30 s and more on a loaded machine):
              // 15 s tells it apart while leaving a start's busy moments room on a loaded 2-core
              // machine (5 s failed once at a load average of 12, three requests of one round).
              signal: AbortSignal.timeout(15_000),
            })
            .then(async (r): Promise<Seen> => {
              const text = await r.text()
              const message = r.headers.get('content-type')?.includes('json') ? JSON.parse(text).message : undefined
              if (path.endsWith('/health') && r.status === 200) healthy = true
              return { status: r.status, message, retryAfter: r.headers.get('retry-after') }
            })
            .catch((error: Error): Seen => ({ error: String((error.cause as Error)?.message ?? error.message) })),
        ),
      )
      seen.push(...round)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(healthy).toBe(true)
    await answers.load(server.url)
    // Before it listens a connection is refused at once; once it listens, everything is answered.
    const failures = seen.filter((s) => 'error' in s && !s.error.includes('ECONNREFUSED'))
    expect(failures).toEqual([])
    const starting = seen.filter((s) => 'status' in s && s.status === 503)
    expect(starting.length).toBeGreaterThan(0)
    for (const answer of starting) expect(answer).toMatchObject({ message: 'starting', retryAfter: '1' })
    const answered = seen.filter((s): s is Exclude<Seen, { error: string }> => 'status' in s)
    expect(new Set(answered.map((s) => s.status))).toEqual(new Set([503, 200]))
  }, 180_000)

  // The process the test above started, healthy by now: one process for both, as each start costs a
  // loaded 2-core machine 20-30 s (docs/benchmarks.md, "CI on a busy machine").
  it("on SIGTERM: finishes a request in flight, answers an edge agent's held configuration request at once, refuses new connections, then exits", async () => {
    const server = servers[0] ?? (await start())
    await waitForHealthy(server)
    await answers.load(server.url)
    const core = `${server.url}/api/core/v0`
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }

    // An edge agent's configuration request, held for its 10 s while nothing changes.
    const created = await answers.fetch(`${core}/nodes`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({
        name: 'pop-zz-held-1',
        hostname: 'held.edge.example.net',
        pop_code: 'tst',
        country: 'zz',
        kind: 'agent',
      }),
    })
    expect(created.status).toBe(201)
    const secret = ((await created.json()) as { data: { secret: string } }).data.secret
    const configuration = `${core}/edge/nodes/pop-zz-held-1/configuration`
    const first = await answers.fetch(configuration, { headers: { authorization: `Bearer ${secret}` } })
    expect(first.status).toBe(200)
    const held = answers.fetch(`${configuration}?wait=10`, {
      headers: { authorization: `Bearer ${secret}`, 'if-none-match': first.headers.get('etag') ?? '' },
    })

    // A write whose body is half sent when the stop begins; the rest arrives after.
    const body = JSON.stringify({ name: 'drained', backends: [{ host: 'origin.drained.example.com', port: 443 }] })
    const half = Math.floor(body.length / 2)
    const { port } = new URL(server.url)
    let stoppedAt = 0
    let refused = ''
    const answer = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/core/v0/projects/shop/directors',
          headers: { ...admin, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = ''
          res.on('data', (chunk) => {
            text += chunk
          })
          res.on('end', () => {
            const path = '/api/core/v0/projects/shop/directors'
            answers.record(
              nodeAnswer({ method: 'POST', path, status: res.statusCode ?? 0, headers: res.headers, body: text }),
            )
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text })
          })
        },
      )
      req.on('error', reject)
      req.write(body.slice(0, half))
      setTimeout(() => {
        stoppedAt = Date.now()
        server.child.kill('SIGTERM')
        setTimeout(async () => {
          refused = await answers
            .fetch(`${server.url}/api/core/v0/utils/info`)
            .then(() => 'answered')
            .catch((error: Error) => String((error.cause as Error)?.message ?? error.message))
          req.end(body.slice(half))
        }, 500)
      }, 500)
    })

    const heldAnswer = await held
    const heldFor = Date.now() - stoppedAt
    expect(heldAnswer.status).toBe(304)
    // Before, it ran on for the rest of its wait, and the process's stop waited for it.
    expect(heldFor).toBeLessThan(5_000)
    const finished = await answer
    expect(refused).toContain('ECONNREFUSED')
    expect(finished.status).toBe(201)
    expect(JSON.parse(finished.text).data.name).toBe('drained')
    expect(finished.connection).toBe('close')
    expect(await server.exited).toBe(0)
  }, 180_000)
})
