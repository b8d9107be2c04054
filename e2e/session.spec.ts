import type { Page } from '@playwright/test'
import { ConsolePage, signIn } from './pages/console.ts'
import { adminCall, createToken } from './support/api.ts'
import { seriousViolations } from './support/axe.ts'
import { holdRequests } from './support/hold.ts'
import { watchLayoutShifts } from './support/layout-shift.ts'
import { expect, test } from './support/server.ts'

/** Signs in with the token, then records every API call from there on (`GET /api/…`, its query if asked). */
/** The session's token check answers 'token expired' until `page.unroute` of CHECK_ROUTE: the token expired meanwhile. */
const CHECK_ROUTE = '**/api/auth/v0/auth/check'
async function refuseTokenChecks(page: Page) {
  await page.route(CHECK_ROUTE, (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'token expired', errors: [] }),
    }),
  )
}

async function signInAndWatchCalls(page: Page, token: string, { withQuery = false } = {}) {
  const console = new ConsolePage(page)
  await page.goto('/')
  await console.signInWithToken(token)
  await expect(page).toHaveURL(/\/home\?project=/)
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/'))
      asked.push(`${request.method()} ${url.pathname}${withQuery ? url.search : ''}`)
  })
  return { console, asked }
}

test.describe('signing in', () => {
  test('an admin signs in with a token and lands on /home in a project, with every section', async ({
    page,
    server,
  }) => {
    const console = new ConsolePage(page)
    await page.goto('/')
    await console.signInWithToken(server.adminToken)
    await expect(page).toHaveURL(/\/home\?project=[a-z0-9-]+$/)
    await console.expectSignedIn()
    for (const section of ['Configuration', 'Admin'])
      await expect(console.sidebar.getByText(section, { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Quick Setup' })).toBeVisible()
  })

  test('a reload restores the session asking the platform once for each thing it needs, and is no sign-in', async ({
    page,
    server,
  }) => {
    const signIns = async () => {
      const response = await fetch(`${server.baseURL}/api/auth/v0/audit?action=login&result=success&items=1`, {
        headers: { authorization: `Bearer ${server.adminToken}` },
      })
      return ((await response.json()) as { meta: { total: number } }).meta.total
    }
    const before = await signIns()
    const { console, asked } = await signInAndWatchCalls(page, server.adminToken)
    await page.goto('/home?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Shop' })).toBeVisible()
    await console.expectSignedIn()
    // index.html starts these while the code downloads; the console takes the answers instead of asking again.
    for (const call of [
      'GET /api/auth/v0/auth/check',
      'GET /api/auth/v0/users/admin@example.com',
      'GET /api/auth/v0/auth/permissions',
      'GET /api/auth/v0/projects/shop/permissions',
      'GET /api/core/v0/projects/shop',
    ])
      expect(
        asked.filter((request) => decodeURIComponent(request) === call),
        call,
      ).toHaveLength(1)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Shop' })).toBeVisible()
    await console.expectSignedIn()
    // The audit log records the sign-in, not the reloads: a restore checks the stored token.
    expect(asked.filter((request) => request === 'POST /api/auth/v0/login')).toEqual([])
    expect(await signIns()).toBe(before + 1)
  })

  test('a reload of a list or a record asks for its data while the code downloads, and once', async ({
    page,
    server,
  }) => {
    const { asked } = await signInAndWatchCalls(page, server.adminToken, { withQuery: true })
    const pages = [
      {
        path: '/websites?project=shop',
        read: 'GET /api/core/v0/projects/shop/websites?page=1&items=100',
        shown: page.getByRole('link', { name: 'shop-example-com', exact: true }),
      },
      {
        path: '/websites-detail/shop-example-com?project=shop',
        read: 'GET /api/core/v0/projects/shop/websites/shop-example-com',
        shown: page.getByRole('heading', { level: 1, name: /Shop storefront|shop-example-com/ }),
      },
      {
        path: '/websites-edit/shop-example-com?project=shop',
        read: 'GET /api/core/v0/projects/shop/websites/shop-example-com',
        shown: page.getByLabel('Display name'),
      },
    ]
    for (const { path, read, shown } of pages) {
      asked.length = 0
      // The console's code held back: the page's read is already on its way, started by index.html.
      const release = await holdRequests(page, /\/assets\/start-[^/]*\.js$/)
      await page.goto(path, { waitUntil: 'commit' })
      await expect.poll(() => asked, path).toContain(read)
      release()
      await expect(shown).toBeVisible()
      await page.unrouteAll({ behavior: 'wait' })
      expect(
        asked.filter((request) => request === read),
        path,
      ).toHaveLength(1)
    }
  })

  test("a reload of a list or a form shows the page's heading from the first paint, where the page shows it", async ({
    page,
    server,
  }) => {
    await signInAndWatchCalls(page, server.adminToken)
    const heading = page.getByRole('heading', { level: 1 })
    const checking = page.getByRole('status').filter({ hasText: 'Checking your session…' })
    for (const { path, title, shown } of [
      {
        path: '/websites?project=shop',
        title: 'Websites',
        shown: page.getByRole('link', { name: 'shop-example-com', exact: true }),
      },
      { path: '/websites-add?project=shop', title: 'Add website', shown: page.getByLabel('Domain name') },
      {
        path: '/websites-edit/shop-example-com?project=shop',
        title: 'Edit website shop-example-com',
        shown: page.getByLabel('Display name'),
      },
      // A page whose heading is fixed, with the sentence under it (the project and the time zone put in).
      { path: '/statistics?project=shop', title: 'Statistics', shown: page.locator('[data-total=requests]') },
    ]) {
      // index.html's copy, the console's code held back.
      const releaseCode = await holdRequests(page, /\/assets\/start-[^/]*\.js$/)
      const releaseCheck = await holdRequests(page, /\/api\/auth\/v0\/auth\/check$/)
      await page.goto(path, { waitUntil: 'commit' })
      await expect(heading, path).toHaveText(title)
      await expect(checking).toBeVisible()
      const early = await heading.boundingBox()
      const description = await page.locator('main header p').filter({ visible: true }).allTextContents()
      expect(await seriousViolations(page), path).toEqual([])
      // The console's own first render, the session still being checked: the same heading in the same place.
      releaseCode()
      await expect(page.locator('[data-session-check-page]')).toHaveCount(0)
      await expect(heading).toHaveText(title)
      await expect(checking).toBeVisible()
      expect(await heading.boundingBox(), path).toEqual(early)
      // The page itself.
      releaseCheck()
      await expect(shown, path).toBeVisible()
      await expect(heading).toHaveText(title)
      expect(await heading.boundingBox(), path).toEqual(early)
      expect(await page.locator('main header p').filter({ visible: true }).allTextContents(), path).toEqual(description)
      await page.unrouteAll({ behavior: 'wait' })
    }
    // A name in the address is shown as text; a record's detail (headed by its data) shows the spinner alone.
    const releaseCode = await holdRequests(page, /\/assets\/start-[^/]*\.js$/)
    await page.goto('/websites-edit/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E?project=shop', { waitUntil: 'commit' })
    await expect(heading).toHaveText('Edit website <img src=x onerror=alert(1)>')
    await expect(page.locator('#root img')).toHaveCount(0)
    await page.goto('/websites-detail/shop-example-com?project=shop', { waitUntil: 'commit' })
    await expect(checking).toBeVisible()
    await expect(heading).toHaveCount(0)
    releaseCode()
    await expect(heading).toHaveText(/Shop storefront|shop-example-com/)
  })

  test('a token with only list permissions sees no Admin section and no Quick Setup', async ({ page, server }) => {
    const token = await createToken(server, { owner: 'viewer@example.com', permissions: ['wadp.*.list'] })
    const console = new ConsolePage(page)
    await page.goto('/')
    await console.signInWithToken(token)
    await console.expectSignedIn()
    await expect(console.sidebar.getByRole('link', { name: 'Directors' })).toBeVisible()
    await expect(console.sidebar.getByText('Admin', { exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Quick Setup' })).toHaveCount(0)
  })

  test("Refresh permissions shows what the user's new roles allow in the open project, without a reload", async ({
    page,
    server,
  }) => {
    const email = `refresh-${Date.now().toString(36)}@example.com`
    const auth = async (method: string, path: string, body?: unknown, ifMatch?: string) => {
      const { status } = await adminCall(server, method, `/api/auth/v0${path}`, body, ifMatch)
      expect(status, `${method} ${path}`).toBeLessThan(300)
    }
    // A token of an operator's rights, owned by a user who is a viewer for now: it may do what both allow.
    await auth('POST', '/users', { email, roles: ['operator'] })
    const token = await createToken(server, {
      owner: email,
      permissions: ['wadp.projects.get', 'wadp.websites.*', 'wadp.purge.*'],
      projects: ['shop'],
    })
    await auth('PATCH', `/users/${email}`, { roles: ['viewer'] }, '*')
    await signIn(page, token)
    const console = new ConsolePage(page)
    await expect(console.sidebar.getByRole('link', { name: 'Websites' })).toBeVisible()
    await expect(console.sidebar.getByRole('link', { name: 'Invalidation' })).toHaveCount(0)

    await auth('PATCH', `/users/${email}`, { roles: ['operator'] }, '*')
    await console.profileButton.click()
    await page.getByRole('menuitem', { name: /Refresh permissions/ }).click()
    await expect(page.getByText('User info updated')).toBeVisible()
    await expect(console.sidebar.getByRole('link', { name: 'Invalidation' })).toBeVisible()
  })

  test('says so for an empty token and for a wrong one, keeping what was typed', async ({ page }) => {
    const console = new ConsolePage(page)
    await page.goto('/')
    await console.signInWithToken('   ')
    await expect(page.getByText('Token cannot be empty.')).toBeVisible()
    await console.signInWithToken('not-a-valid-token')
    await expect(page.getByRole('alert')).toHaveText('Login failed. Your credentials or permissions are incorrect.')
    await expect(console.tokenField).toHaveValue('not-a-valid-token')
    // The button pressed keeps the focus through its busy moment: the next try is one Enter away.
    await expect(page.getByRole('button', { name: 'Sign in with token' })).toBeFocused()
  })

  test('signs in through the development OpenID Connect provider', async ({ page, server }) => {
    const console = new ConsolePage(page)
    await page.goto('/')
    await page.getByRole('button', { name: 'Sign in with SSO' }).click()
    await page.getByLabel('Email').fill('operator@example.com')
    await page.getByLabel('Password').fill(server.demoPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/home\?project=/)
    await console.profileButton.click()
    await expect(page.getByText('operator@example.com')).toBeVisible()
    // Signed out, the next SSO sign-in asks for the password again: the provider's session signs nobody in.
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await console.expectSignInPage()
    await page.getByRole('button', { name: 'Sign in with SSO' }).click()
    await expect(page.getByLabel('Password')).toBeVisible()
    await expect(page).not.toHaveURL(/\/home/)
  })

  test("the provider's sign-in page looks like the console, light and dark, with a visible focus", async ({
    page,
    server,
  }) => {
    const refused: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) refused.push(message.text())
    })
    await page.goto('/')
    await page.getByRole('button', { name: 'Sign in with SSO' }).click()
    const email = page.getByLabel('Email')
    await expect(email).toBeVisible()
    const look = () =>
      page.evaluate(() => {
        const style = (selector: string) => getComputedStyle(document.querySelector(selector) as Element)
        return {
          font: style('body').fontFamily,
          page: style('body').backgroundColor,
          card: style('main').backgroundColor,
          radius: style('main').borderTopLeftRadius,
          button: style('button').backgroundColor,
          buttonText: style('button').color,
        }
      })
    // The console's font, slate page, white card with rounded corners and teal button (Tailwind's colours).
    expect(await look()).toEqual({
      font: expect.stringContaining('system-ui'),
      page: 'rgb(248, 250, 252)',
      card: 'rgb(255, 255, 255)',
      radius: '8px',
      button: 'rgb(15, 118, 110)',
      buttonText: 'rgb(255, 255, 255)',
    })
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await look()).toMatchObject({ page: 'rgb(2, 6, 23)', card: 'rgb(15, 23, 42)' })
    await page.emulateMedia({ colorScheme: 'light' })

    // A keyboard user sees where the focus is.
    await page.keyboard.press('Tab')
    const focused = page.locator(':focus')
    await expect(focused).toHaveAttribute('id', 'password')
    expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid')

    // A wrong password says so in the error's colours, the fields marked; the right one signs in.
    await email.fill('operator@example.com')
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    const error = page.getByRole('alert')
    await expect(error).toHaveText('Wrong e-mail or password.')
    expect(await error.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(153, 27, 27)')
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Wrong e-mail or password.')
    await page.getByLabel('Password').fill(server.demoPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/home\?project=/)
    expect(refused).toEqual([])
  })

  test('returns to the page asked for, and only to a local one', async ({ page, server }) => {
    const console = new ConsolePage(page)
    await page.goto('/directors?project=shop')
    await console.expectSignInPage()
    await console.signInWithToken(server.adminToken)
    await expect(page).toHaveURL(/\/directors\?project=shop$/)

    await console.signOut()
    await page.goto('/?redirect=https://evil.example/steal')
    await console.signInWithToken(server.adminToken)
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/home\?project=/)
  })

  test('signed in, a redirect naming another project opens that project, not the last selected one', async ({
    page,
    server,
  }) => {
    await signIn(page, server.adminToken)
    // shop is the last selected project, as the default-project lookup would find it.
    await page.goto('/home?project=shop')
    await expect(page.getByRole('button', { name: /^Project: / })).not.toHaveText(/Globex Labs/)
    await page.goto('/?redirect=%2Fwebsites%3Fproject%3Dlabs')
    await expect(page).toHaveURL(/\/websites\?project=labs$/)
    await expect(page.getByRole('button', { name: 'Project: Globex Labs Portal' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Websites', level: 1 })).toBeVisible()
    // Nothing takes the page to the last selected project after it has painted.
    await expect(page).toHaveURL(/\/websites\?project=labs$/)
  })

  test('a signed-out visitor at an unknown URL gets the 404 page, not the sign-in page', async ({ page, server }) => {
    const console = new ConsolePage(page)
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(console.tokenField).toBeHidden()
    await page.getByRole('link', { name: 'Go to the homepage' }).click()
    await console.expectSignInPage()
    // The unknown URL is no page to return to: signing in lands on /home.
    await console.signInWithToken(server.adminToken)
    await expect(page).toHaveURL(/\/home\?project=[a-z0-9-]+$/)
  })
})

test.describe('a stored session whose token expired', () => {
  test('a reload opens the Session Expired dialog, and Continue clears the stored session', async ({
    page,
    server,
  }) => {
    const token = await createToken(server, {
      owner: 'admin@example.com',
      permissions: ['wadp.*.*'],
      expires_at: new Date(Date.now() + 4000).toISOString(),
    })
    await signIn(page, token)
    // The platform refuses it from its expiry on.
    await expect
      .poll(
        async () =>
          (await fetch(`${server.baseURL}/api/auth/v0/auth/check`, { headers: { authorization: `Bearer ${token}` } }))
            .status,
        { timeout: 10_000 },
      )
      .toBe(401)
    await page.goto('/websites?project=shop')
    await expect(page.getByRole('dialog')).toBeVisible()
    await expect(page).toHaveURL(/\/websites\?project=shop&logout=true$/)
    await new ConsolePage(page).continueFromSessionExpired()
  })
})

test.describe('the shell', () => {
  test.beforeEach(async ({ page, server }) => {
    await page.goto('/')
    await new ConsolePage(page).signInWithToken(server.adminToken)
    await expect(page).toHaveURL(/\/home\?project=/)
  })

  test('the shell shown at sign-in stays: its elements, focus and what was typed survive the first requests', async ({
    page,
  }) => {
    const console = new ConsolePage(page)
    // Right after sign-in: the first shell on screen, and a search typed into it.
    const sidebar = await console.sidebar.elementHandle()
    await console.searchBox.focus()
    await page.keyboard.insertText('shop')
    // The page's requests (and the search's) start and end, each re-rendering the root.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1500)
    expect(await sidebar?.evaluate((node) => node.isConnected)).toBe(true)
    await expect(console.searchBox).toBeFocused()
    await expect(console.searchBox).toHaveValue('shop')
  })

  test('switching project through the selector lands on /home and every sidebar link keeps it', async ({ page }) => {
    const console = new ConsolePage(page)
    await page
      .getByRole('button', { name: /project/i })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: 'Select a project' })
    await dialog.getByLabel('Search projects').fill('staging')
    await dialog.getByRole('row', { name: /shop-staging/ }).click()
    await expect(page).toHaveURL(/\/home\?project=shop-staging$/)
    const links = console.sidebar.getByRole('link')
    await expect(links.first()).toBeVisible()
    for (const href of await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''))) {
      expect(href).toContain('project=shop-staging')
    }
  })

  test('signing out in one tab signs out the other tabs, which no longer use the token they held', async ({
    page,
    context,
  }) => {
    const console = new ConsolePage(page)
    await page.goto('/directors?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Directors' })).toBeVisible()
    const other = await context.newPage()
    try {
      const otherConsole = new ConsolePage(other)
      await other.goto('/home?project=shop')
      await otherConsole.expectSignedIn()
      await otherConsole.signOut()
      await otherConsole.expectSignInPage()
      // To / without the project (spec section 4, Logout).
      await expect(other).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/)
      // The first tab follows at once, without waiting for its next session check.
      await console.expectSignInPage()
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/)
      await expect(console.profileButton).toHaveCount(0)
    } finally {
      await other.close()
    }
  })

  test('the search finds a website by domain and leads to its detail page', async ({ page }) => {
    const console = new ConsolePage(page)
    await console.searchBox.fill('www.shop')
    await console.searchBox.press('End')
    await page.getByRole('link', { name: /shop-example-com/ }).click()
    await expect(page).toHaveURL(/\/websites-detail\/shop-example-com\?project=shop$/)
  })

  test('an expired token opens the Session Expired dialog, and Continue signs out keeping only the last project', async ({
    page,
  }) => {
    const console = new ConsolePage(page)
    await page.route('**/api/auth/v0/search/projects**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'token expired', errors: [] }),
      }),
    )
    await page
      .getByRole('button', { name: /project/i })
      .first()
      .click()
    await expect(page).toHaveURL(/[?&]logout=/)
    await console.continueFromSessionExpired()
  })

  test('a save that meets an expired token opens the Session Expired dialog over the form, and Continue signs out', async ({
    page,
    server,
  }) => {
    const console = new ConsolePage(page)
    await page.goto('/directors-edit/api-origin?project=shop')
    await page.getByLabel('Display name').fill('typed before the token expired')
    // Leaving the page with what was typed still asks first.
    await console.sidebar.getByRole('link', { name: 'Websites' }).click()
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
    await leave.getByRole('button', { name: 'Stay' }).click()
    await expect(leave).toHaveCount(0)
    await page.route('**/api/core/v0/projects/shop/directors/api-origin', (route) =>
      route.request().method() === 'GET'
        ? route.continue()
        : route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'token expired', errors: [] }),
          }),
    )
    await page.getByRole('button', { name: 'Save' }).click()
    // Not 'Leave without saving?': the user asked to save, and the form stays with what was typed.
    await expect(page).toHaveURL(/\/directors-edit\/api-origin\?project=shop&logout=true$/)
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0)
    await expect(page.getByLabel('Display name')).toHaveValue('typed before the token expired')
    await console.continueFromSessionExpired()
    // The sign-in page, which names the page to return to: signed in again, the user is back on the form.
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/\?redirect=/)
    await page.unroute('**/api/core/v0/projects/shop/directors/api-origin')
    await console.signInWithToken(server.adminToken)
    await expect(page).toHaveURL(/\/directors-edit\/api-origin\?project=shop$/)
    // With what was typed (errors keep what the user typed), still unsaved: leaving asks first.
    await expect(page.getByLabel('Display name')).toHaveValue('typed before the token expired')
    await console.sidebar.getByRole('link', { name: 'Websites' }).click()
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible()
  })

  test('a token that expires between requests: the 30-second check opens the Session Expired dialog where the user was', async ({
    page,
    server,
  }) => {
    const console = new ConsolePage(page)
    // The console's timers on a clock the test moves, from the session's restore on: the token check is due 30 s later.
    await page.clock.install()
    await page.goto('/websites?project=shop')
    // Signed in (the heading alone comes with index.html's first paint, before the restore ends): the
    // check's timer is set, and the clock's jump below reaches it.
    await console.expectSignedIn()
    await refuseTokenChecks(page)
    const refused = page.waitForResponse(
      (response) => response.url().endsWith('/auth/check') && response.status() === 401,
    )
    await page.clock.fastForward('00:31')
    await refused
    // Signed out, on the same page with the flag that opens the dialog: not a bare sign-in page.
    await expect(page).toHaveURL(/\/websites\?project=shop&logout=true$/)
    await console.continueFromSessionExpired()
    await expect(page).not.toHaveURL(/logout=/)
    // Signed in again (a new token: the check still refuses this one), the user is back where they were.
    await page.unroute(CHECK_ROUTE)
    await console.signInWithToken(server.adminToken)
    await expect(page).toHaveURL(/\/websites\?project=shop$/)
  })

  test('a form left while the token expired is given back after signing in again, to the same user only', async ({
    page,
    server,
  }) => {
    const console = new ConsolePage(page)
    await page.clock.install()
    await page.goto('/directors-add?project=shop')
    await console.expectSignedIn()
    await page.getByLabel('Name', { exact: true }).fill('typed-before-expiry')
    await page.getByLabel('Display name').fill('A long form')
    await refuseTokenChecks(page)
    await page.clock.fastForward('00:31')
    await expect(page).toHaveURL(/\/directors-add\?project=shop&logout=true$/)
    await console.continueFromSessionExpired()
    await page.unroute(CHECK_ROUTE)
    await console.signInWithToken(server.adminToken)
    await expect(page).toHaveURL(/\/directors-add\?project=shop$/)
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('typed-before-expiry')
    await expect(page.getByLabel('Display name')).toHaveValue('A long form')

    // Another user signing in on the same page after the same expiry gets an empty form.
    const other = await createToken(server, { owner: 'operator@example.com', permissions: ['wadp.directors.*'] })
    await refuseTokenChecks(page)
    await page.clock.fastForward('00:31')
    await console.continueFromSessionExpired()
    await page.unroute(CHECK_ROUTE)
    await console.signInWithToken(other)
    await expect(page).toHaveURL(/\/directors-add\?project=shop$/)
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Display name')).toHaveValue('')
  })

  test('a page whose code cannot be loaded reloads the console once, then says so in words', async ({ page }) => {
    const console = new ConsolePage(page)
    await page.route(/\/assets\/directors-[^/]*\.js$/, (route) => route.fulfill({ status: 500, body: '' }))
    let loads = 0
    page.on('load', () => {
      loads += 1
    })
    await console.sidebar.getByRole('link', { name: 'Directors' }).click()
    // Reloaded once (spec section 4: a new deployment would have replaced the chunk)…
    await expect.poll(() => loads).toBe(1)
    await console.expectSignedIn()
    // …and within the 60-second guard, the next failure is said in words, not as a crash of the router.
    if (!/\/directors/.test(page.url())) await console.sidebar.getByRole('link', { name: 'Directors' }).click()
    await expect(page.getByText("This page's code could not be loaded", { exact: false })).toBeVisible()
    await expect(page.getByText('Something went wrong!')).toBeVisible()
    expect(loads).toBe(1)
  })

  test('an unknown page shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no-such-page?project=shop')
    await expect(page.getByText('Page not found')).toBeVisible()
    await expect(page.getByText('This page could not be found')).toBeVisible()
    // Inside the shell's main landmark: one main, and no screen-high box under the top bar.
    await expect(page.getByRole('main')).toHaveCount(1)
    const scrolls = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)
    expect(scrolls).toBe(false)
    await page.getByRole('link', { name: 'Go to the homepage' }).click()
    await expect(page).toHaveURL(/\/(home)?\?project=shop$/)
  })

  test('on a phone, nothing in the top bar moves as the project opens and Quick Setup appears', async ({ page }) => {
    const console = new ConsolePage(page)
    await page.setViewportSize({ width: 412, height: 823 })
    const shifts = await watchLayoutShifts(page, 'header')
    const release = await holdRequests(page, /\/api\/auth\/v0\/projects\/shop\/permissions$/)
    await page.goto('/websites?project=shop')
    await expect(console.searchBox).toBeVisible()
    await expect(page.getByRole('button', { name: 'Quick Setup' })).toHaveCount(0)
    release()
    await expect(page.getByRole('button', { name: 'Quick Setup' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Project: Acme Shop' })).toBeVisible()
    expect(await shifts()).toBe(0)
  })

  test('the sidebar collapses below 1024 px and expands above', async ({ page }) => {
    const console = new ConsolePage(page)
    await page.setViewportSize({ width: 900, height: 800 })
    await expect(console.sidebar.getByRole('link', { name: 'Websites' })).toBeHidden()
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(console.sidebar.getByRole('link', { name: 'Websites' })).toBeVisible()
  })

  test('below 1024 px the sidebar over the page closes on a followed link and on Escape, focus on its toggle', async ({
    page,
  }) => {
    const console = new ConsolePage(page)
    await page.setViewportSize({ width: 900, height: 800 })
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
    await toggle.click()
    await console.sidebar.getByRole('link', { name: 'Websites' }).click()
    await expect(page).toHaveURL(/\/websites\?project=/)
    await expect(console.sidebar).toBeHidden()
    await toggle.click()
    await console.sidebar.getByRole('link', { name: 'Directors' }).focus()
    await page.keyboard.press('Escape')
    await expect(console.sidebar).toBeHidden()
    await expect(toggle).toBeFocused()
    // Collapsed from its own button, at any width, the focus goes to the toggle too.
    await page.setViewportSize({ width: 1280, height: 800 })
    await console.sidebar.getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect(console.sidebar).toBeHidden()
    await expect(toggle).toBeFocused()
  })
})

test.describe('a project in the URL that is not there', () => {
  /** Every platform request that names `project` from now on, as `method path`. */
  const watchRequestsFor = (page: Page, project: string) => {
    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/') && url.pathname.split('/').includes(project))
        asked.push(`${request.method()} ${url.pathname}`)
    })
    return asked
  }

  test('says the project does not exist, offers the selector, and asks nothing more about it', async ({
    browser,
    adminSession,
    server,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, storageState: adminSession })
    const page = await context.newPage()
    try {
      const asked = watchRequestsFor(page, 'nope')
      const console = new ConsolePage(page)
      for (const path of ['/home?project=nope', '/websites?project=nope']) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible()
        await expect(page.getByRole('alert')).toHaveText(
          'The project "nope" does not exist, or you have no access to it.',
        )
        await expect(console.sidebar).toHaveCount(0)
        await expect(page.getByRole('button', { name: 'Project: Select a project' })).toBeVisible()
        // Once said, nothing more is asked about it: no sync check, no page data, no retries.
        const settled = asked.length
        await page.waitForTimeout(3000)
        expect(asked.slice(settled), path).toEqual([])
        expect(
          asked.filter((request) => request.endsWith('/sync')),
          path,
        ).toEqual([])
      }
      await page.getByRole('button', { name: 'Choose a project' }).click()
      const selector = page.getByRole('dialog', { name: 'Select a project' })
      await selector.getByText('Acme Shop', { exact: true }).click()
      await expect(page).toHaveURL(/\/home\?project=shop$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Acme Shop' })).toBeVisible()
    } finally {
      await context.close()
    }
  })

  test('says the same of a name no project can have (capitals, other letters), not a refusal', async ({
    page,
    server,
  }) => {
    await signIn(page, server.adminToken)
    for (const name of ['Shop', 'shöp']) {
      await page.goto(`/websites?project=${encodeURIComponent(name)}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible()
      await expect(page.getByRole('alert')).toHaveText(
        `The project "${name}" does not exist, or you have no access to it.`,
      )
      await expect(page.getByText('You do not have permission to list websites.')).toHaveCount(0)
    }
  })

  test('says a failed load as such, not a refusal, and opens the project on Try again', async ({ page, server }) => {
    await signIn(page, server.adminToken)
    // The project's permissions fail (a platform failure); the project itself is there.
    await page.route('**/api/auth/v0/projects/shop/permissions', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"internal error","errors":[]}' }),
    )
    await page.goto('/websites?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Error loading project info' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('The project "shop" could not be opened')
    await expect(page.getByText('You do not have permission to list websites.')).toHaveCount(0)
    await page.unroute('**/api/auth/v0/projects/shop/permissions')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Websites' })).toBeVisible()
    await expect(page).toHaveURL(/\/websites\?project=shop$/)
  })

  test('says the same of a project the token may not reach', async ({ page, server }) => {
    const token = await createToken(server, {
      owner: 'admin@example.com',
      permissions: ['wadp.*.*'],
      projects: ['shop'],
    })
    const console = new ConsolePage(page)
    await page.goto('/')
    await console.signInWithToken(token)
    await expect(page).toHaveURL(/\/home\?project=shop$/)
    const asked = watchRequestsFor(page, 'media')
    await page.goto('/websites?project=media')
    await expect(page.getByRole('alert')).toHaveText('The project "media" does not exist, or you have no access to it.')
    await expect(page.getByRole('button', { name: 'Choose a project' })).toBeVisible()
    const settled = asked.length
    await page.waitForTimeout(2000)
    expect(asked.slice(settled)).toEqual([])
  })
})
