import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { test as base, expect } from '@playwright/test'
import { findFreePort } from './chromium.ts'

export type PlatformServer = {
  /** Origin of the running server, such as http://127.0.0.1:40123; also the tests' `baseURL`. */
  baseURL: string
  /** Bearer token with every permission, for seeding data through the API. */
  adminToken: string
  /** Password of the demo users at the development OIDC provider. */
  demoPassword: string
  /** The tail of the server's stdout and stderr so far. */
  output: () => string
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123456789'
const DEMO_PASSWORD = 'e2e-demo-password'
const STARTUP_TIMEOUT_MS = 60_000
const SHUTDOWN_GRACE_MS = 5_000
/** Keeps the tail of the server's output for the startup error without growing without bound. */
const MAX_OUTPUT_CHARS = 20_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  let lastProblem = 'no answer yet'
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was healthy.\n${output()}`)
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      if (response.status === 200) return
      lastProblem = `HTTP ${response.status}`
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error)
    }
    await sleep(250)
  }
  throw new Error(`The server was not healthy after ${STARTUP_TIMEOUT_MS} ms (${lastProblem}).\n${output()}`)
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGINT')
  const timer = setTimeout(() => child.kill('SIGKILL'), SHUTDOWN_GRACE_MS)
  await exited
  clearTimeout(timer)
}

async function startServer(): Promise<{ server: PlatformServer; child: ChildProcess }> {
  if (!existsSync(`${ROOT}dist/index.html`)) {
    throw new Error('dist/index.html is missing: run `npm run test:e2e` (it builds the console first)')
  }
  const port = await findFreePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory:',
      WADP_ADMIN_TOKEN: ADMIN_TOKEN,
      WADP_DEMO_PASSWORD: DEMO_PASSWORD,
      WADP_SYNC_DELAY_MS: '200-600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const record = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-MAX_OUTPUT_CHARS)
  }
  child.stdout?.on('data', record)
  child.stderr?.on('data', record)
  const output = () => `--- server output ---\n${log}--- end of server output ---`
  const baseURL = `http://127.0.0.1:${port}`
  try {
    await waitUntilHealthy(`${baseURL}/api/core/v0/utils/health`, child, output)
  } catch (error) {
    await stop(child)
    throw error
  }
  return { server: { baseURL, adminToken: ADMIN_TOKEN, demoPassword: DEMO_PASSWORD, output }, child }
}

/**
 * Tests import `test` from here: every worker starts the real server once (fresh in-memory database)
 * and Playwright's `baseURL` points at it, so `page.goto('/')` and `request.get('/…')` reach it.
 */
export const test = base.extend<{ serverOutputOnFailure: undefined }, { server: PlatformServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires an object pattern for fixture arguments
    async ({}, use) => {
      const { server, child } = await startServer()
      try {
        await use(server)
      } finally {
        await stop(child)
      }
    },
    { scope: 'worker', timeout: STARTUP_TIMEOUT_MS + 10_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL)
  },
  serverOutputOnFailure: [
    async ({ server }, use, testInfo) => {
      await use(undefined)
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server output', { body: server.output(), contentType: 'text/plain' })
      }
    },
    { auto: true },
  ],
})

export { expect }
