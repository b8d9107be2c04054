import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { test as base, expect } from '@playwright/test'
import { type ServerProcess, spawnServer, waitForHealthy } from '../../tests/tools/server-process.ts'

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

async function startServer(): Promise<{ server: PlatformServer; child: ServerProcess }> {
  if (!existsSync(`${ROOT}dist/index.html`)) {
    throw new Error('dist/index.html is missing: run `npm run test:e2e` (it builds the console first)')
  }
  const child = await spawnServer({
    DATABASE_URL: 'memory:',
    WADP_ADMIN_TOKEN: ADMIN_TOKEN,
    WADP_DEMO_PASSWORD: DEMO_PASSWORD,
    WADP_SYNC_DELAY_MS: '200-600',
    // A certificate order takes two steps: quick enough to follow from pending to active in a test.
    WADP_ACME_STEP_MS: '1500',
  })
  const output = () => `--- server output ---\n${child.output()}--- end of server output ---`
  try {
    await waitForHealthy(child, STARTUP_TIMEOUT_MS)
  } catch (error) {
    await child.stop(SHUTDOWN_GRACE_MS)
    throw error
  }
  return { server: { baseURL: child.url, adminToken: ADMIN_TOKEN, demoPassword: DEMO_PASSWORD, output }, child }
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
        await child.stop(SHUTDOWN_GRACE_MS)
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
