import { expect, test } from '@playwright/test'
import { type ServerProcess, spawnServer, waitForHealthy } from '../tests/tools/server-process.ts'
import { TEST_TLS } from '../tests/tools/tls-fixture.ts'
import { ConsolePage } from './pages/console.ts'

const ADMIN_TOKEN = 'e2e-https-admin-token-0123456789abcdef'
const DEMO_PASSWORD = 'e2e-https-demo-password'

/**
 * `npm start` with a certificate (`WADP_TLS_CERT`, `WADP_TLS_KEY`): the console over HTTPS, where the
 * browser speaks HTTP/2 (a page's files and calls over one connection). A server of its own, on the test
 * certificate, which this browser context is told to accept.
 */
test.describe('the console over HTTPS', () => {
  let server: ServerProcess
  test.beforeAll(async () => {
    server = await spawnServer({
      DATABASE_URL: 'memory:',
      WADP_ADMIN_TOKEN: ADMIN_TOKEN,
      WADP_DEMO_PASSWORD: DEMO_PASSWORD,
      WADP_TLS_CERT: TEST_TLS.certFile,
      WADP_TLS_KEY: TEST_TLS.keyFile,
    })
    await waitForHealthy(server)
  })
  test.afterAll(async () => {
    await server?.stop(5000)
  })

  test('signs in with a token and through the built-in provider, every file and call over HTTP/2', async ({
    browser,
  }) => {
    expect(server.url).toMatch(/^https:\/\//)
    const context = await browser.newContext({ baseURL: server.url, ignoreHTTPSErrors: true })
    const page = await context.newPage()
    await page.goto('/')
    await page.getByLabel('API token').fill(ADMIN_TOKEN)
    await page.getByRole('button', { name: 'Sign in with token' }).click()
    await expect(page).toHaveURL(/\/home\?project=/)
    await page.goto('/websites?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Websites' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    // The page's own files and the API's answers, as the browser fetched them.
    const protocols = await page.evaluate(() => [
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
      ...performance.getEntriesByType('resource').map((entry) => (entry as PerformanceResourceTiming).nextHopProtocol),
    ])
    expect(protocols.length).toBeGreaterThan(10)
    expect([...new Set(protocols)]).toEqual(['h2'])
    await context.close()

    // SSO: the provider's pages, its redirects back and the token exchange, all on https:// addresses.
    const sso = await browser.newContext({ baseURL: server.url, ignoreHTTPSErrors: true })
    const viewer = await sso.newPage()
    await viewer.goto('/')
    await viewer.getByRole('button', { name: 'Sign in with SSO' }).click()
    await expect(viewer).toHaveURL(/^https:\/\/127\.0\.0\.1:\d+\/oidc\//)
    await viewer.getByLabel('Email').fill('viewer@example.com')
    await viewer.getByLabel('Password').fill(DEMO_PASSWORD)
    await viewer.getByRole('button', { name: 'Sign in' }).click()
    await expect(viewer).toHaveURL(/^https:\/\/127\.0\.0\.1:\d+\/home\?project=/)
    await new ConsolePage(viewer).expectSignedIn()
    await sso.close()
  })
})
