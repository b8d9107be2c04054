import { randomBytes } from 'node:crypto'
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SQL } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { optionsFromEnv, type RunningServer, startServer } from '../../server/main.ts'
import type { JobTiming } from '../../server/platform/jobs.ts'
import { PLATFORM_TYPES } from '../../src/platform/types.ts'
import { type Answer, ContractChecker } from './contract.ts'

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef'
export const DEMO_PASSWORD = 'test-demo-password'

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers }
// biome-ignore lint/suspicious/noExplicitAny: test bodies are read field by field; their shape is what each test asserts.
export type Json = any

export type TestPlatform = {
  server: RunningServer
  url: string
  call(
    method: string,
    path: string,
    options?: { token?: string | null; body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<ApiResponse<Json>>
  /**
   * `fetch` for what `call` cannot read (a stream, a typed client's own requests): a path is taken from
   * the server's root; the answer is checked against the documents as `call`'s are.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>
  /** An answer a test read some other way (node:http, to send what fetch cannot): checked as `call`'s. */
  record(answer: { method: string; path: string; status: number; headers: IncomingHttpHeaders; body: string }): void
  /** A fresh API token for one of the seeded users, created through the API by the admin. */
  tokenFor(owner: string, permissions: string[], extra?: Record<string, unknown>): Promise<string>
}

/**
 * Reads a raw node:http answer whole and records it against the documents, as `call`'s are; `done` gets
 * its status and body, `failed` what had arrived when the answer broke off.
 */
export function readRecorded(
  platform: Pick<TestPlatform, 'record'>,
  request: { method: string; path: string },
  res: IncomingMessage,
  done: (status: number, body: string) => void,
  failed?: (error: Error, body: string) => void,
): void {
  let body = ''
  res.setEncoding('utf8')
  res.on('data', (chunk: string) => {
    body += chunk
  })
  res.on('end', () => {
    const status = res.statusCode ?? 0
    platform.record({ method: request.method, path: request.path, status, headers: res.headers, body })
    done(status, body)
  })
  if (failed) res.on('error', (error) => failed(error, body))
}

/** A body as the tests read it: JSON parsed, anything else (an HTML page) as text, nothing as null. */
function parsedBody(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Every answer a test receives, checked against the OpenAPI documents (tests/server/contract.ts): the
 * test that received one that does not match them fails, with the list. `setUpPlatform` checks every
 * answer of its platform so; a test that starts servers of its own takes one of these, records what they
 * answer through its `fetch` (or `record`), and loads the documents from one of them once it is up.
 */
export type AnswerChecker = {
  /** `fetch`, its answer checked (a stream's body left unread). */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>
  /** An answer read some other way (node:http). */
  record(answer: Answer): void
  /** Reads the documents from a running server; the answers recorded before it are checked then. */
  load(baseUrl: string): Promise<void>
  /** Fails the test with the answers that did not match since the last call. */
  verify(): void
}

/** An answer read with node:http, as the checker takes it. */
export function nodeAnswer(answer: {
  method: string
  path: string
  status: number
  headers: IncomingHttpHeaders
  body: string
}): Answer {
  const headers = new Headers()
  for (const [name, value] of Object.entries(answer.headers))
    for (const one of [value ?? []].flat()) headers.append(name, one)
  return { ...answer, headers, body: parsedBody(answer.body) }
}

export function answerChecker(): AnswerChecker {
  let contract: ContractChecker | null = null
  let unchecked: Answer[] = []
  // Answers that do not match the OpenAPI documents, since the last check: the test that got them fails.
  let violations: string[] = []
  const record = (answer: Answer) => {
    if (contract) violations.push(...contract.violations(answer))
    else unchecked.push(answer)
  }
  return {
    record,
    async fetch(input, init) {
      const request = new Request(input, init)
      const response = await fetch(request)
      const url = new URL(request.url)
      const streamed = response.headers.get('content-type')?.startsWith('text/event-stream')
      const body = streamed ? null : parsedBody(await response.clone().text())
      record({
        method: request.method,
        path: url.pathname + url.search,
        status: response.status,
        headers: response.headers,
        body,
      })
      return response
    },
    async load(baseUrl) {
      contract ??= await ContractChecker.load(baseUrl)
      const waiting = unchecked
      unchecked = []
      for (const answer of waiting) record(answer)
    },
    verify() {
      const found = [
        ...violations,
        ...(unchecked.length > 0 ? [`${unchecked.length} answers left unchecked: no documents were loaded`] : []),
      ]
      violations = []
      unchecked = []
      // To count them over many files: WADP_CONTRACT_LOG=file appends each one as a line.
      if (process.env.WADP_CONTRACT_LOG && found.length > 0)
        appendFileSync(process.env.WADP_CONTRACT_LOG, found.map((line) => `${line}\n`).join(''))
      expect(found, 'answers that do not match the OpenAPI documents').toEqual([])
    },
  }
}

/** The suite runs on the PostgreSQL server named by `WADP_TEST_DATABASE_URL` (`npm run test:pg`), not PGlite. */
export const ON_POSTGRES = Boolean(process.env.WADP_TEST_DATABASE_URL)

/**
 * A new, empty database for one test file: on the PostgreSQL server named by `WADP_TEST_DATABASE_URL`
 * when the suite runs there (`npm run test:pg`), else in-memory PGlite. `drop` removes it afterwards.
 */
export async function testDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.WADP_TEST_DATABASE_URL
  if (!server) return { url: 'memory:', drop: async () => {} }
  const name = `wadp_test_${randomBytes(6).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client(server)
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(server)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

/**
 * Starts the real server (real HTTP on a free port, seeded demo platform, on the test database above)
 * once per test file.
 */
export function setUpPlatform(
  overrides: {
    syncDelay?: string
    tokenSweepSeconds?: number
    jobs?: JobTiming
    trustedProxies?: number
    writeDeadlineMs?: number
  } = {},
): TestPlatform {
  const platform = {} as TestPlatform
  let counter = 0
  let database: Awaited<ReturnType<typeof testDatabase>> | null = null
  const answers = answerChecker()
  beforeAll(async () => {
    database = await testDatabase()
    const server = await startServer(
      {
        ...optionsFromEnv({}),
        port: 0,
        databaseUrl: database.url,
        memoryTemplate: process.env.WADP_MEMORY_TEMPLATE,
        adminToken: ADMIN_TOKEN,
        demoPassword: DEMO_PASSWORD,
        syncDelay: overrides.syncDelay ?? '100-300',
        ...(overrides.tokenSweepSeconds ? { tokenSweepSeconds: overrides.tokenSweepSeconds } : {}),
        ...(overrides.jobs ? { jobs: overrides.jobs } : {}),
        ...(overrides.trustedProxies ? { trustedProxies: overrides.trustedProxies } : {}),
        ...(overrides.writeDeadlineMs ? { writeDeadlineMs: overrides.writeDeadlineMs } : {}),
        serveConsole: false,
      },
      PLATFORM_TYPES,
    )
    platform.server = server
    platform.url = server.url
    platform.call = async (method, path, options = {}) => {
      const headers: Record<string, string> = { ...options.headers }
      const token = options.token === undefined ? ADMIN_TOKEN : options.token
      if (token !== null) headers.authorization = `Bearer ${token}`
      let body: string | undefined = options.raw
      if (options.body !== undefined) {
        body = JSON.stringify(options.body)
        headers['content-type'] = 'application/json'
      }
      const response = await fetch(`${server.url}${path}`, { method, headers, body })
      const answer = { status: response.status, body: parsedBody(await response.text()), headers: response.headers }
      answers.record({ method, path, ...answer })
      return answer
    }
    platform.fetch = (input, init) =>
      answers.fetch(typeof input === 'string' && input.startsWith('/') ? `${server.url}${input}` : input, init)
    platform.record = (answer) => answers.record(nodeAnswer(answer))
    await answers.load(server.url)
    platform.tokenFor = async (owner, permissions, extra = {}) => {
      counter += 1
      const created = await platform.call('POST', '/api/auth/v0/tokens', {
        body: { name: `test-${counter}`, owner, permissions, ...extra },
      })
      if (created.status !== 201) throw new Error(`token creation failed: ${JSON.stringify(created.body)}`)
      return created.body.data.token as string
    }
  }, 60_000)
  afterEach(answers.verify)
  afterAll(async () => {
    try {
      await platform.server?.close()
      await database?.drop()
    } finally {
      answers.verify()
    }
  })
  return platform
}

/**
 * Waits for the scheduled backups the platform takes once it has started (a job, run at the queue's
 * first poll: later on a busy machine), so that a test counting a project's resources is not joined by
 * them halfway. The seeded project `shop` always gets one.
 */
export async function scheduledBackupsTaken(platform: TestPlatform): Promise<void> {
  // The job queues one backup per project, in name order, each with its audit entry: wait for all of them.
  const projects = await platform.call('GET', '/api/auth/v0/projects?items=100')
  const names: string[] = (projects.body?.data ?? []).map((project: { name: string }) => project.name)
  for (let tries = 0; tries < 120; tries += 1) {
    const taken = await Promise.all(
      names.map(async (name) => {
        const backups = await platform.call('GET', `/api/core/v0/projects/${name}/backups`)
        return (backups.body?.data ?? []).some((backup: { trigger?: string }) => backup.trigger === 'scheduled')
      }),
    )
    if (names.length > 0 && taken.every(Boolean)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('the scheduled backups were not taken within 30 s of the start')
}

export const OPERATOR = 'operator@example.com'
export const VIEWER = 'viewer@example.com'
export const ADMIN = 'admin@example.com'

/** Rows of a raw SQL query against the test server's database (for checks the API cannot show). */
export async function queryRows<T>(platform: TestPlatform, query: SQL): Promise<T[]> {
  const result = (await platform.server.ctx.db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/**
 * A database that outlives the starts a test file makes on it (on disk for PGlite, a database of its own
 * on PostgreSQL), removed after the file: `dataDir` and `databaseUrl` as `startServer` takes them.
 */
export async function lastingDatabase(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `wadp-${prefix}-`))
  const database = await testDatabase()
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true })
    await database.drop()
  })
  const databaseUrl = ON_POSTGRES ? database.url : undefined
  /** What `startServer` takes to start on it: the API alone, on a free port, with the tests' admin token. */
  const serverOptions = {
    ...optionsFromEnv({}),
    port: 0,
    dataDir,
    databaseUrl,
    adminToken: ADMIN_TOKEN,
    demoPassword: 'p',
    serveConsole: false,
  }
  return { dataDir, databaseUrl, serverOptions }
}
