/**
 * Issue 25: PostgreSQL stopped for a few seconds turned every API answer into 500. While the database is
 * away the API answers 503 with Retry-After, in its error format, and recovers by itself once it is back.
 * PGlite cannot go away, so the server under test reaches PostgreSQL through a TCP proxy this test closes
 * (every connection cut, new ones refused) and opens again: the PostgreSQL pass of the suite runs it.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../../e2e/support/chromium.ts'
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from '../../server/db/client.ts'
import { type ServerProcess, spawnServer, waitForHealthy } from '../tools/server-process.ts'
import { ADMIN_TOKEN, answerChecker, ON_POSTGRES, testDatabase } from './support.ts'

describe('what counts as the database being away', () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code })

  it('is a refused or lost connection, a server shutting down or starting, or any connection exception', () => {
    expect(databaseUnavailable(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toContain(
      'ECONNREFUSED',
    )
    expect(databaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBeTruthy()
    expect(databaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBeTruthy()
    expect(databaseUnavailable(pgError('08006', 'connection failure'))).toBeTruthy()
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBeTruthy()
    expect(databaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBeTruthy()
    // A stopping process's pool or embedded database, closed under a request that came in just before.
    expect(databaseUnavailable(new Error('Cannot use a pool after calling end on the pool'))).toBeTruthy()
    expect(
      databaseUnavailable(new Error('Failed query: select 1', { cause: new Error('PGlite is closed') })),
    ).toBeTruthy()
  })

  it('is found inside the wrappers: a query error’s cause, the refusals of each address of a host', () => {
    const refused = new AggregateError([pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')], '')
    expect(databaseUnavailable(refused)).toBeTruthy()
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P01', 'terminating connection') })
    expect(databaseUnavailable(wrapped)).toBeTruthy()
  })

  it('is no other failure: a constraint, a syntax error, a bug', () => {
    expect(databaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBeNull()
    expect(databaseUnavailable(pgError('42601', 'syntax error at or near "selec"'))).toBeNull()
    expect(databaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBeNull()
    expect(databaseUnavailable('ECONNREFUSED')).toBeNull()
  })
})

/** A TCP proxy to the database that can be taken away (every connection cut, the port closed) and back. */
async function databaseProxy(target: { host: string; port: number }) {
  const port = await findFreePort()
  const sockets = new Set<Socket>()
  let server: Server | null = null
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection(target)
        track(client)
        track(upstream)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
        client.pipe(upstream).pipe(client)
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (!server) return resolve()
      server.close(() => resolve())
      server = null
    })
  await open()
  return { port, open, close }
}

describe.skipIf(!ON_POSTGRES)('the database going away for a few seconds', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>
  let proxy: Awaited<ReturnType<typeof databaseProxy>>
  let api: ServerProcess
  // Its answers, the 503s among them, are checked against the OpenAPI documents.
  const answers = answerChecker()
  afterEach(answers.verify)

  const call = async (path: string) => {
    const response = await answers
      .fetch(`${api.url}${path}`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        signal: AbortSignal.timeout(20_000),
      })
      .catch((error: Error) => {
        // Once seen under heavy load (ECONNRESET while the database was away): say whether the process
        // was still running, and what it last wrote.
        const state = api.child.exitCode ?? api.child.signalCode ?? 'still running'
        const cause = (error.cause as Error | undefined)?.message ?? error.message
        throw new Error(`${path}: ${cause}; the server: ${state}; its last output:\n${api.output().slice(-3000)}`)
      })
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>,
    }
  }

  beforeAll(async () => {
    database = await testDatabase()
    const url = new URL(database.url)
    proxy = await databaseProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.port = String(proxy.port)
    api = await spawnServer({ DATABASE_URL: url.toString(), WADP_ADMIN_TOKEN: ADMIN_TOKEN })
    await waitForHealthy(api)
    await answers.load(api.url)
  }, 180_000)

  afterAll(async () => {
    await api?.stop()
    await proxy?.close()
    await database?.drop()
  })

  it('answers 503 with Retry-After in the error format while it is away, and recovers by itself', async () => {
    const paths = [
      '/api/core/v0/projects/shop/websites',
      '/api/core/v0/projects/shop/websites/shop-example-com',
      '/api/auth/v0/auth/check',
      '/api/auth/v0/search/projects?items=10',
    ]
    // Read once: the answers the process caches must not hide that the database is away.
    for (const path of paths) expect((await call(path)).status).toBe(200)

    await proxy.close()
    for (const path of paths) {
      const away = await call(path)
      expect(away.status, path).toBe(503)
      expect(away.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS))
      expect(away.headers.get('content-type')).toContain('application/json')
      expect(away.body).toEqual({ message: expect.stringContaining('unavailable'), errors: [] })
    }
    // Health says so too, for a load balancer.
    const health = await answers.fetch(`${api.url}/api/core/v0/utils/health`)
    expect(health.status).toBe(503)

    await proxy.open()
    const deadline = Date.now() + 20_000
    let status = 0
    while (Date.now() < deadline && status !== 200) {
      status = (await call(paths[0] as string)).status
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(status).toBe(200)
    for (const path of paths) expect((await call(path)).status).toBe(200)
    // The process lived through it.
    expect(api.child.exitCode).toBeNull()
  }, 90_000)
})
