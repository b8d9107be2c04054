import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from '@playwright/test'
import { declaredPath, fixedPath } from '../src/page-chunks.ts'
import { ConsolePage } from './pages/console.ts'
import { watchRequests } from './support/quiet.ts'
import { expect, test } from './support/server.ts'

const ROUTES = fileURLToPath(new URL('../routes/', import.meta.url))

/** Every route of the console (routes/*.tsx), at its fixed path: a detail page without its name. */
function consolePaths(): string[] {
  const paths = new Set<string>()
  for (const file of readdirSync(ROUTES)) {
    if (!file.endsWith('.tsx') || file.startsWith('-') || file.startsWith('__')) continue
    const path = declaredPath(readFileSync(`${ROUTES}${file}`, 'utf8'))
    if (path) paths.add(fixedPath(path))
  }
  return [...paths].sort()
}

type Violation = { directive: string; blocked: string; page: string }

/** Records every Content-Security-Policy violation of every page the browser loads from now on. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string; page: string }[] = []
    ;(window as unknown as { __violations: typeof seen }).__violations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI, page: location.pathname })
    })
  })
  // Each page keeps its own list; read it before leaving the page.
  return () =>
    page.evaluate(() => {
      const seen = (window as unknown as { __violations?: Violation[] }).__violations ?? []
      return seen.splice(0)
    })
}

/**
 * Records every console message of level warning or error, and every uncaught exception, of the page from
 * now on: what Chromium says about the page itself (a header it does not understand, a failed request)
 * lands there too.
 */
function watchConsole(page: Page): string[] {
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return
    const { url } = message.location()
    messages.push(`${message.type()}: ${message.text()}${url ? ` (${url})` : ''}`)
  })
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`))
  return messages
}

/** Pages loaded side by side in one test: their waits on the server and the network overlap. */
const AT_ONCE = 4

/**
 * A full load of `url` from the admin's stored session (so index.html's inline scripts run with it: the
 * preload), in a page of its own in the worker's warm context: the violations and the console messages
 * it met, each naming the page.
 */
async function visit(context: BrowserContext, url: string): Promise<string[]> {
  const page = await context.newPage()
  try {
    const violations = await watchViolations(page)
    const logged = watchConsole(page)
    const settled = watchRequests(page)
    await page.goto(url)
    await new ConsolePage(page).expectSignedIn()
    await expect(page.getByRole('main')).toBeVisible()
    // What the page asks for once shown (its lists, panels and lazily loaded parts) may warn too.
    await settled()
    const blocked = (await violations()).map((v) => `${url}: ${v.directive} blocked ${v.blocked || '(inline)'}`)
    return [...blocked, ...logged.map((message) => `${url}: ${message}`)]
  } finally {
    await page.close()
  }
}

// Every route, a few at a time; a failure names its page.
test.describe('every route blocks nothing the console needs and logs no warning or error, signed in', () => {
  const paths = consolePaths()
  test('covers every route of the console', () => {
    expect(paths.length).toBeGreaterThan(60)
  })
  // `/` signed in is /home.
  const urls = [...new Set(paths.map((path) => `${path === '/' ? '/home' : path}?project=shop`))]
  for (let at = 0; at < urls.length; at += AT_ONCE) {
    const group = urls.slice(at, at + AT_ONCE)
    test(group.join(', '), async ({ adminContext }) => {
      const found = await Promise.all(group.map((url) => visit(adminContext, url)))
      expect(found.flat()).toEqual([])
    })
  }
})

test.describe('the Content-Security-Policy', () => {
  test('blocks nothing on the sign-in page and through the built-in OpenID Connect provider', async ({
    page,
    server,
  }) => {
    const violations = await watchViolations(page)
    const console = new ConsolePage(page)
    await page.goto('/')
    await console.expectSignInPage()
    const found = [...(await violations())]
    await page.getByRole('button', { name: 'Sign in with SSO' }).click()
    await expect(page.getByLabel('Email')).toBeVisible()
    found.push(...(await violations()))
    // A wrong password renders the provider's page again, with its error.
    await page.getByLabel('Email').fill('operator@example.com')
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByLabel('Password')).toBeVisible()
    found.push(...(await violations()))
    await page.getByLabel('Email').fill('operator@example.com')
    await page.getByLabel('Password').fill(server.demoPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/home\?project=/)
    await console.expectSignedIn()
    found.push(...(await violations()))
    expect(found).toEqual([])
  })

  test('comes with a Permissions-Policy that names only features Chromium recognises', async ({ page }) => {
    const logged = watchConsole(page)
    const response = await page.goto('/')
    await new ConsolePage(page).expectSignInPage()
    const named = (response?.headers()['permissions-policy'] ?? '')
      .split(',')
      .map((entry) => entry.trim().split('=')[0] ?? '')
    expect(named.length).toBeGreaterThan(10)
    // Chromium's own list of the features a policy may control (`document.featurePolicy` is Chromium's).
    const recognised = await page.evaluate(() =>
      (document as unknown as { featurePolicy: { features(): string[] } }).featurePolicy.features(),
    )
    expect(named.filter((feature) => !recognised.includes(feature))).toEqual([])
    expect(logged).toEqual([])
  })

  test('is sent with every page, and the console refuses to be framed', async ({ page }) => {
    const response = await page.goto('/')
    const headers = response?.headers() ?? {}
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+;/)
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(headers['referrer-policy']).toBe('no-referrer')
    // A page that frames the console: the browser loads nothing of it inside the frame.
    const consoleUrl = page.url()
    await page.route('http://framing.test/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<iframe src="${consoleUrl}"></iframe>` }),
    )
    await page.goto('http://framing.test/')
    // Chromium puts its error page in place of a frame refused by frame-ancestors.
    await expect.poll(() => page.frames()[1]?.url()).toBe('chrome-error://chromewebdata/')
  })
})
