import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, test as base, expect } from '@playwright/test'
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
// Twice the longest start seen in CI (tests/tools/server-process.ts, `waitForHealthy`).
const STARTUP_TIMEOUT_MS = 120_000
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
    // A certificate order takes two steps: quick enough to follow from pending to active in a test, long
    // enough that a busy machine still shows the page before the order is done (each step 2.5 s).
    WADP_ACME_STEP_MS: '2500',
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

/** What a browser keeps of a session: cookies and each origin's local storage. */
export type StoredSession = Awaited<ReturnType<BrowserContext['storageState']>>

/**
 * Tests import `test` from here: every worker starts the real server once (fresh in-memory database)
 * and Playwright's `baseURL` points at it, so `page.goto('/')` and `request.get('/…')` reach it.
 */
export const test = base.extend<
  { serverOutputOnFailure: undefined },
  { server: PlatformServer; adminSession: StoredSession; adminContext: BrowserContext }
>({
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
  // The admin signed in once per worker through the sign-in page, as local storage keeps it: a test that
  // checks one screen starts there with `test.use({ storageState: ({ adminSession }, use) => use(adminSession) })`
  // instead of signing in again (the session is restored from storage, as on every reload).
  adminSession: [
    async ({ server, browser }, use) => {
      const context = await browser.newContext({ baseURL: server.baseURL })
      const page = await context.newPage()
      await page.goto('/')
      await page.getByLabel('API token').fill(server.adminToken)
      await page.getByRole('button', { name: 'Sign in with token' }).click()
      await expect(page).toHaveURL(/\/home\?project=/)
      const session = await context.storageState()
      await context.close()
      await use(session)
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // One browser context a worker with the admin's stored session and a warm HTTP cache, for the tests of
  // many pages that each only load one (the Content-Security-Policy on every route): each opens its own
  // page in it, so the console's files are not downloaded and compiled again for every page.
  adminContext: [
    async ({ server, browser, adminSession }, use) => {
      const context = await browser.newContext({ baseURL: server.baseURL, storageState: adminSession })
      await use(context)
      await context.close()
    },
    { scope: 'worker' },
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

/**
 * Called inside a `test.describe`: each of its tests starts signed in as the admin, from the worker's
 * stored session (`adminSession`), without going through the sign-in page again.
 */
export function startSignedInAsAdmin(): void {
  test.use({ storageState: async ({ adminSession }, use) => use(adminSession) })
}
