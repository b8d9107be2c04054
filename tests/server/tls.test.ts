import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { type ClientHttp2Session, connect } from 'node:http2'
import { request as https } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { optionsFromEnv, type RunningServer, startServer } from '../../server/main.ts'
import { PLATFORM_TYPES } from '../../src/platform/types.ts'
import { TEST_TLS } from '../tools/tls-fixture.ts'
import { ADMIN_TOKEN, DEMO_PASSWORD, testDatabase } from './support.ts'

const ca = readFileSync(TEST_TLS.certFile)
const core = '/api/core/v0'

type Answer = { status: number; headers: Record<string, unknown>; body: string }

/** One request on an HTTP/2 session, its whole answer. */
function h2(session: ClientHttp2Session, path: string, init: { method?: string; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const stream = session.request({
      ':method': init.method ?? 'GET',
      ':path': path,
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    })
    let headers: Record<string, unknown> = {}
    let body = ''
    stream.setEncoding('utf8')
    stream.on('response', (h) => {
      headers = h
    })
    stream.on('data', (chunk: string) => {
      body += chunk
    })
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }))
    stream.on('error', reject)
    stream.end(init.body)
  })
}

let database: Awaited<ReturnType<typeof testDatabase>>
let server: RunningServer
beforeAll(async () => {
  database = await testDatabase()
  server = await startServer(
    {
      ...optionsFromEnv({}),
      port: 0,
      tls: TEST_TLS,
      databaseUrl: database.url,
      memoryTemplate: process.env.WADP_MEMORY_TEMPLATE,
      adminToken: ADMIN_TOKEN,
      demoPassword: DEMO_PASSWORD,
      serveConsole: false,
      shutdownGraceMs: 1000,
    },
    PLATFORM_TYPES,
  )
}, 60_000)
afterAll(async () => {
  await server?.close()
  await database?.drop()
})

describe('the server with a certificate (WADP_TLS_CERT, WADP_TLS_KEY)', () => {
  it('answers over HTTP/2, many requests on one connection, and reads request bodies', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    const session = connect(server.url, { ca })
    try {
      const health = await h2(session, `${core}/utils/health`)
      expect(health.status).toBe(200)
      expect(JSON.parse(health.body).data).toContainEqual({ name: 'accepting', is_healthy: true })
      // A page's files and calls share the connection: twenty at once, each answered whole.
      const lists = await Promise.all(
        Array.from({ length: 20 }, () => h2(session, `${core}/projects/shop/websites?items=100`)),
      )
      expect(lists.map((answer) => answer.status)).toEqual(Array(20).fill(200))
      expect(new Set(lists.map((answer) => answer.body)).size).toBe(1)
      expect((JSON.parse(lists[0]?.body ?? '{}') as { data: unknown[] }).data.length).toBeGreaterThan(0)
      // A body goes through the same checks as over HTTP/1.1: broken JSON is a 400 that says so.
      const broken = await h2(session, `${core}/projects/shop/websites`, { method: 'POST', body: '{"name": ' })
      expect(broken.status).toBe(400)
      expect(JSON.parse(broken.body).message).toMatch(/JSON/i)
    } finally {
      session.close()
    }
  })

  it('answers HTTP/1.1 clients over TLS too', async () => {
    const answer = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
      const req = https(`${server.url}${core}/utils/health`, { ca }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion, body }))
      })
      req.on('error', reject)
      req.end()
    })
    expect(answer).toMatchObject({ status: 200, version: '1.1' })
    expect(JSON.parse(answer.body).data).toContainEqual({ name: 'database', is_healthy: true })
  })

  it('refuses a start with only one of the two files, a file it cannot read, or a key of another certificate', async () => {
    expect(() => optionsFromEnv({ WADP_TLS_CERT: TEST_TLS.certFile })).toThrow(
      'WADP_TLS_CERT and WADP_TLS_KEY go together: WADP_TLS_KEY is not set',
    )
    expect(() => optionsFromEnv({ WADP_TLS_KEY: TEST_TLS.keyFile })).toThrow('WADP_TLS_CERT is not set')
    expect(optionsFromEnv({ WADP_TLS_CERT: TEST_TLS.certFile, WADP_TLS_KEY: TEST_TLS.keyFile }).tls).toEqual(TEST_TLS)
    await expect(
      startServer(
        { ...optionsFromEnv({}), port: 0, tls: { ...TEST_TLS, keyFile: '/nonexistent/key.pem' }, serveConsole: false },
        PLATFORM_TYPES,
      ),
    ).rejects.toThrow('cannot read the TLS key /nonexistent/key.pem')
    // A key of another certificate.
    const other = join(mkdtempSync(join(tmpdir(), 'wadp-tls-')), 'other-key.pem')
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    writeFileSync(other, privateKey.export({ type: 'pkcs8', format: 'pem' }))
    await expect(
      startServer(
        { ...optionsFromEnv({}), port: 0, tls: { ...TEST_TLS, keyFile: other }, serveConsole: false },
        PLATFORM_TYPES,
      ),
    ).rejects.toThrow(/^cannot serve HTTPS with WADP_TLS_CERT and WADP_TLS_KEY: .*key values mismatch/)
  })

  it('stops with an HTTP/2 event stream open: the stream is closed after the grace, and the stop ends', async () => {
    const session = connect(server.url, { ca })
    const sites = JSON.parse((await h2(session, `${core}/projects/shop/websites?items=1`)).body) as {
      data: { name: string }[]
    }
    const site = sites.data[0]?.name
    if (!site) throw new Error('the seed has a website in shop')
    const stream = session.request({
      ':path': `${core}/projects/shop/websites/${site}/traffic`,
      authorization: `Bearer ${ADMIN_TOKEN}`,
    })
    stream.setEncoding('utf8')
    let received = ''
    const ended = new Promise<void>((resolve) => stream.on('close', () => resolve()))
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (chunk: string) => {
        received += chunk
        if (received.includes('event: ready')) resolve()
      })
      stream.on('error', reject)
    })
    // The stream never ends by itself: the stop sends the session away, waits its grace (1 s here) for
    // the answers in flight, then closes the connection; the client sees its stream closed.
    await server.close()
    await ended
    expect(stream.closed).toBe(true)
    expect(session.destroyed || session.closed).toBe(true)
    session.destroy()
  })
})
