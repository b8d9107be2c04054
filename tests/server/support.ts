import { randomBytes } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import type { SQL } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { optionsFromEnv, type RunningServer, startServer } from '../../server/main.ts'
import type { JobTiming } from '../../server/platform/jobs.ts'
import { PLATFORM_TYPES } from '../../src/platform/types.ts'
import { ContractChecker } from './contract.ts'

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
  /** A fresh API token for one of the seeded users, created through the API by the admin. */
  tokenFor(owner: string, permissions: string[], extra?: Record<string, unknown>): Promise<string>
}

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
  overrides: { syncDelay?: string; tokenSweepSeconds?: number; jobs?: JobTiming } = {},
): TestPlatform {
  const platform = {} as TestPlatform
  let counter = 0
  let database: Awaited<ReturnType<typeof testDatabase>> | null = null
  let contract: ContractChecker | null = null
  // Answers that do not match the OpenAPI documents, since the last check: the test that got them fails.
  let violations: string[] = []
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
      const text = await response.text()
      let parsed: unknown = text
      try {
        parsed = text === '' ? null : JSON.parse(text)
      } catch {
        // Non-JSON bodies (HTML pages) are returned as text.
      }
      const answer = { status: response.status, body: parsed, headers: response.headers }
      violations.push(...(contract?.violations({ method, path, ...answer }) ?? []))
      return answer
    }
    contract = await ContractChecker.load(server.url)
    platform.tokenFor = async (owner, permissions, extra = {}) => {
      counter += 1
      const created = await platform.call('POST', '/api/auth/v0/tokens', {
        body: { name: `test-${counter}`, owner, permissions, ...extra },
      })
      if (created.status !== 201) throw new Error(`token creation failed: ${JSON.stringify(created.body)}`)
      return created.body.data.token as string
    }
  }, 60_000)
  const answersMatchTheDocuments = () => {
    const found = violations
    violations = []
    // To count them over many files: WADP_CONTRACT_LOG=file appends each one as a line.
    if (process.env.WADP_CONTRACT_LOG && found.length > 0)
      appendFileSync(process.env.WADP_CONTRACT_LOG, found.map((line) => `${line}\n`).join(''))
    expect(found, 'answers that do not match the OpenAPI documents').toEqual([])
  }
  afterEach(answersMatchTheDocuments)
  afterAll(async () => {
    try {
      await platform.server?.close()
      await database?.drop()
    } finally {
      answersMatchTheDocuments()
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
