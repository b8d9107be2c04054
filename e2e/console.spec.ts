import { readFileSync } from 'node:fs'
import type { Page, Request } from '@playwright/test'
import { BOOT_SOURCE, SIGN_IN_SOURCE } from '../src/page-chunks.ts'
import { ConsolePage } from './pages/console.ts'
import { holdRequests } from './support/hold.ts'
import { expect, test } from './support/server.ts'

/** Everything the page reports as going wrong: console errors, uncaught exceptions, failed requests. */
function collectProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  // A navigation cancels what the page it leaves was still asking for (a busy machine can hold /home's
  // panel requests, and the code chunks they import, past "network idle"): net::ERR_ABORTED there is no
  // error of either page. The old page keeps running, and asking, until the new one commits
  // (framenavigated): a request is left behind when it failed while a navigation was under way, or was
  // issued before the document now shown.
  let documents = 0
  let navigating = false
  const issuedIn = new WeakMap<Request, number>()
  const isDocument = (request: Request) => request.isNavigationRequest() && request.frame() === page.mainFrame()
  page.on('request', (request) => {
    if (isDocument(request)) navigating = true
    issuedIn.set(request, documents)
  })
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return
    documents += 1
    navigating = false
  })
  page.on('requestfailed', (request) => {
    const why = request.failure()?.errorText
    if (isDocument(request)) navigating = false
    const leftBehind = !isDocument(request) && (navigating || (issuedIn.get(request) ?? 0) < documents)
    if (why === 'net::ERR_ABORTED' && leftBehind) return
    problems.push(`failed: ${request.url()} ${why}`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`)
  })
  return problems
}

/**
 * Signs in and waits for /home's own requests: a navigation right after would abort one still in
 * flight, which is no error.
 */
async function signedInAndSettled(page: Page, token: string): Promise<ConsolePage> {
  const console = new ConsolePage(page)
  await page.goto('/')
  await console.signInWithToken(token)
  await console.expectSignedIn()
  await page.waitForLoadState('networkidle')
  return console
}

test('the console loads at / with the sign-in page and no errors', async ({ page }) => {
  const problems = collectProblems(page)
  await page.goto('/')
  await new ConsolePage(page).expectSignInPage()
  expect(problems).toEqual([])
})

test('a hard refresh on a deep route serves the app, signed in, without errors', async ({ page, server }) => {
  const console = await signedInAndSettled(page, server.adminToken)
  const problems = collectProblems(page)
  const response = await page.goto('/websites-detail/shop-example-com?project=shop')
  expect(response?.headers()['content-type']).toContain('text/html')
  expect(await response?.text()).toContain('<div id="root">')
  await expect(page.getByRole('heading', { level: 1, name: 'Shop storefront' })).toBeVisible()
  await console.expectSignedIn()
  expect(problems).toEqual([])
})

test('the server publishes the console configuration and build as JSON', async ({ request }) => {
  const config = await request.get('/config.json')
  expect(config.headers()['content-type']).toContain('application/json')
  expect((await config.json()).oidc.client_id).toBe('wadp-console')
  const version = await request.get('/version.json')
  expect(Object.keys(await version.json()).sort()).toEqual(['built_at', 'commit', 'version'])
})

test('the sign-in page is in the HTML itself, so it shows before the JavaScript runs', async ({ page, request }) => {
  const html = await (await request.get('/')).text()
  expect(html).toContain('Sign in with token')
  expect(html).toContain('Sign in with SSO')
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Sign in with token' })).toBeVisible()
})

/**
 * The sign-in page from index.html alone, its JavaScript held back until `release`, with the token typed
 * into it; `addresses` records every request the page makes.
 */
async function typedBeforeTheJavaScript(page: Page, token: string) {
  const addresses: string[] = []
  page.on('request', (request) => addresses.push(request.url()))
  const release = await holdRequests(page, '**/assets/*.js')
  await page.goto('/', { waitUntil: 'commit' })
  const field = page.getByLabel('API token')
  await field.fill(token)
  return { addresses, release, field }
}

test('a token typed into the sign-in page before the JavaScript runs stays out of the address and is kept', async ({
  page,
  server,
}) => {
  const { addresses, release, field } = await typedBeforeTheJavaScript(page, server.adminToken)
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('token')
  release()
  // The console takes the form over (index.html's copy is gone) with what was typed, focus included.
  await page.waitForFunction(() => !document.querySelector('[data-signin]'))
  await expect(field).toHaveValue(server.adminToken)
  await expect(field).toBeFocused()
  await field.press('Enter')
  await page.waitForURL(/\/home\?project=/)
  expect(addresses.filter((address) => address.includes(server.adminToken))).toEqual([])
})

test('the console takes the sign-in page over in one step: its field never leaves the page', async ({ page }) => {
  // Every change to the page's root, from the HTML on: a moment without a token field is recorded. The
  // console's first render came before the router had loaded the page and drew nothing, which took
  // index.html's copy (and what was typed into it) away until the console's own form came.
  await page.addInitScript(`
    window.__withoutField = 0
    document.addEventListener('DOMContentLoaded', function () {
      var root = document.getElementById('root')
      new MutationObserver(function () {
        if (!root.querySelector('input[name="token"]')) window.__withoutField++
      }).observe(root, { childList: true, subtree: true })
    })
  `)
  await page.goto('/')
  await page.waitForFunction(() => !document.querySelector('[data-signin]'))
  await expect(page.getByLabel('API token')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __withoutField: number }).__withoutField)).toBe(0)
})

test('Enter in the sign-in page before the JavaScript runs signs in once the console is there, never through the address', async ({
  page,
  server,
}) => {
  const { addresses, release, field } = await typedBeforeTheJavaScript(page, server.adminToken)
  await field.press('Enter')
  // The HTML's form has no script of its own: a browser's own submit would send the token as `/?token=…`.
  await expect(field).toHaveValue(server.adminToken)
  expect(new URL(page.url()).search).toBe('')
  release()
  await page.waitForURL(/\/home\?project=/)
  expect(addresses.filter((address) => address.includes(server.adminToken))).toEqual([])
})

test('"Sign in with SSO" clicked before the JavaScript runs goes to the identity provider once the console is there', async ({
  page,
}) => {
  const release = await holdRequests(page, '**/assets/*.js')
  await page.goto('/', { waitUntil: 'commit' })
  // The button in the HTML has no script of its own: the click is kept for the console.
  await page.getByRole('button', { name: 'Sign in with SSO' }).click()
  await expect(page).toHaveURL(/\/$/)
  release()
  await expect(page).toHaveURL(/\/oidc\//)
  await expect(page.getByLabel('Password')).toBeVisible()
})

test('a stored session shows "Checking your session…" from the HTML itself, never the sign-in page', async ({
  page,
  server,
}) => {
  await signedInAndSettled(page, server.adminToken)
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/websites?project=shop')
  await expect(page.getByRole('status')).toHaveText('Checking your session…')
  await expect(page.getByRole('button', { name: 'Sign in with token' })).toBeHidden()
  // With the JavaScript, the console takes over the same markup and goes on to the page.
  await page.unroute('**/assets/*.js')
  await page.reload()
  await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Websites' })).toBeVisible()
  await expect(page.getByText('Checking your session…')).toHaveCount(0)
})

test('a stored session reloading a deep page fetches the start, the shell and that page while the framework downloads', async ({
  page,
  server,
}) => {
  await signedInAndSettled(page, server.adminToken)
  const manifest = JSON.parse(readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<
    string,
    { file: string; name?: string }
  >
  const fileOf = (key: string) => `/${manifest[key]?.file}`
  const assets: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/assets/')) assets.push(path)
  })
  // Hold the framework back: what index.html asks for meanwhile, it asks for before any code has run.
  const release = await holdRequests(page, '**/assets/framework-*.js')
  await page.goto('/websites?project=shop', { waitUntil: 'commit' })
  // The console's own start too (the boot module and its chunk), which the entry imports only dynamically.
  const start = Object.keys(manifest).find((key) => manifest[key]?.name === 'start') ?? 'no start chunk'
  const early = [
    fileOf(BOOT_SOURCE),
    fileOf(start),
    fileOf('routes/-shell/Shell.tsx'),
    fileOf('routes/websites.tsx?tsr-split=component'),
  ]
  await expect.poll(() => early.filter((file) => !assets.includes(file))).toEqual([])
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Websites' })).toBeVisible()
  expect(assets.filter((path, index) => assets.indexOf(path) !== index)).toEqual([])
})

/** The manifest's file of a source (its chunk), as the browser asks for it. */
function builtFile(source: string): string {
  const manifest = JSON.parse(readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<
    string,
    { file: string }
  >
  return `/${manifest[source]?.file}`
}

test("without a stored session the sign-in page's code is fetched while the framework downloads", async ({ page }) => {
  const assets: string[] = []
  page.on('request', (request) => assets.push(new URL(request.url()).pathname))
  const release = await holdRequests(page, '**/assets/framework-*.js')
  await page.goto('/websites', { waitUntil: 'commit' })
  await expect.poll(() => assets).toContain(builtFile(SIGN_IN_SOURCE))
  release()
  await expect(page.getByRole('button', { name: 'Sign in with token' })).toBeVisible()
})

test("a stored session's /home renders whole without the sign-in page's code", async ({ page, server }) => {
  await signedInAndSettled(page, server.adminToken)
  const signIn = builtFile(SIGN_IN_SOURCE)
  const release = await holdRequests(page, `**${signIn}`)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in with token' })).toHaveCount(0)
  release()
})

test("signing out needs no request for the sign-in page's code once a restored page was idle", async ({
  page,
  server,
}) => {
  const console = await signedInAndSettled(page, server.adminToken)
  // Restored from storage, the page never showed the sign-in page: its code comes once the page is idle.
  await page.reload()
  await console.expectSignedIn()
  await page.waitForLoadState('networkidle')
  const signIn = builtFile(SIGN_IN_SOURCE)
  await page.route(
    (url) => url.pathname === signIn,
    (route) => route.abort('internetdisconnected'),
  )
  // A page that reloads (the console's answer to code it cannot load) would show index.html's copy.
  await page.evaluate(() => Object.assign(window, { __samePage: true }))
  await console.signOut()
  await console.expectSignInPage()
  await expect(page.getByRole('button', { name: 'Sign in with token' })).toBeEnabled()
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
})

test("signing out with the network gone shows the sign-in page, not the browser's offline page", async ({
  page,
  server,
}) => {
  const console = await signedInAndSettled(page, server.adminToken)
  await page.reload()
  await console.expectSignedIn()
  await page.waitForLoadState('networkidle')
  // Every request fails from here: a chunk the sign-out needed (the / route's, before) made the console
  // reload, and the browser showed its own offline page.
  await page.route('**/*', (route) => route.abort('internetdisconnected'))
  await page.evaluate(() => Object.assign(window, { __samePage: true }))
  await console.signOut()
  await console.expectSignInPage()
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
})

test("the OpenID Connect sign-in's code is asked for when Sign in with SSO is pressed, not before", async ({
  page,
}) => {
  const assets: string[] = []
  page.on('request', (request) => assets.push(new URL(request.url()).pathname))
  const oidc = builtFile('src/api/oidc.ts')
  await page.goto('/')
  await page.waitForFunction(() => !document.querySelector('[data-signin]'))
  await page.waitForLoadState('networkidle')
  expect(assets).not.toContain(oidc)
  await page.getByRole('button', { name: 'Sign in with SSO' }).click()
  await expect(page.getByLabel('Password')).toBeVisible()
  expect(assets).toContain(oidc)
})

/** Signed in, the page reloaded with the built files of `sources` held back; releasing them lets them come. */
async function reloadHolding(page: Page, adminToken: string, ...sources: string[]) {
  await signedInAndSettled(page, adminToken)
  const releases = await Promise.all(sources.map((source) => holdRequests(page, `**${builtFile(source)}`)))
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  return () => {
    for (const release of releases) release()
  }
}

// The project selector needs both: the shell's dialogs' switch, and the shell's actors (its machine).
for (const [held, what] of [
  ['routes/-shell/ShellDialogList.tsx', "the shell's dialogs"],
  ['src/app/shell-actors.ts', "the shell's actors"],
] as const) {
  test(`the project selector opened before ${what} arrive opens once they are there, and gives the focus back`, async ({
    page,
    server,
  }) => {
    expect(builtFile(held)).not.toContain('undefined')
    const release = await reloadHolding(page, server.adminToken, held)
    const opener = page.getByRole('button', { name: /project/i }).first()
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Select a project' })
    await expect(dialog).toHaveCount(0)
    release()
    await expect(dialog.getByLabel('Search projects')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
  })
}

test("the search's machine and dropdown come after the first paint: what is typed before they arrive is kept and searched", async ({
  page,
  server,
}) => {
  const release = await reloadHolding(
    page,
    server.adminToken,
    'src/app/shell-actors.ts',
    'src/views/SearchDropdown.tsx',
  )
  const box = page.getByRole('searchbox', { name: 'Search' })
  await box.click()
  await box.pressSequentially('shop')
  // Shown as typed, though the search's machine is not there yet.
  await expect(box).toHaveValue('shop')
  release()
  const results = page.getByRole('list', { name: 'Search results for shop' })
  await expect(results).toBeVisible()
  await expect(box).toHaveValue('shop')
  await expect(box).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(results.getByRole('link').first()).toBeFocused()
})

test("the profile menu opened before its items' code arrives opens once it is there, its first item focused", async ({
  page,
  server,
}) => {
  const release = await reloadHolding(page, server.adminToken, 'src/views/ProfileMenuItems.tsx')
  const profile = page.getByRole('button', { name: 'Profile', exact: true })
  await profile.focus()
  await page.keyboard.press('Enter')
  await expect(profile).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('menu')).toHaveCount(0)
  release()
  await expect(page.getByRole('menuitem', { name: 'Refresh permissions' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(profile).toBeFocused()
})

test("Config Status loaded afresh waits for its check's machine: it never says 'No nodes reported.' of a fleet with nodes", async ({
  page,
  server,
}) => {
  await signedInAndSettled(page, server.adminToken)
  // Whatever the page ever shows, kept from the first paint on.
  await page.addInitScript(() => {
    const seen = { noNodes: false }
    Object.assign(window, { __seen: seen })
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('No nodes reported.')) seen.noNodes = true
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  const chunk = builtFile('src/app/shell-actors.ts')
  let asked = () => {}
  const requested = new Promise<void>((resolve) => {
    asked = resolve
  })
  const release = await holdRequests(page, `**${chunk}`, () => {
    asked()
    return true
  })
  await page.goto('/config-status?project=shop', { waitUntil: 'commit' })
  await requested
  // Two frames after the machines were asked for: a page drawn without them has been painted by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Config Status' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('row').filter({ hasText: 'pop-' }).first()).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __seen: { noNodes: boolean } }).__seen.noNodes)).toBe(false)
})
