import { choose, signIn } from './pages/console.ts'
import { adminCall, createToken } from './support/api.ts'
import { holdRequests } from './support/hold.ts'
import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

const PROJECT = 'shop'

/** A call to the project's core API as the admin (`path` under `/projects/shop`). */
async function api(server: PlatformServer, method: string, path: string, body?: unknown, ifMatch?: string) {
  const answer = await adminCall(server, method, `/api/core/v0/projects/${PROJECT}${path}`, body, ifMatch)
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the answers' fields freely, as before
  return answer as { status: number; body: any }
}

test.describe('resource screens', () => {
  // Every test of this group starts signed in as the admin, from the worker's stored session.
  startSignedInAsAdmin()

  test('creates, views, edits and deletes a director through the forms', async ({ page, server }) => {
    await page.goto(`/directors?project=${PROJECT}`)
    await page.getByRole('link', { name: 'Add director' }).click()
    await expect(page).toHaveURL(/\/directors-add\?project=shop$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Add director' })).toBeVisible()

    await page.getByLabel('Name', { exact: true }).fill('e2e-origin')
    await page.getByLabel('Host', { exact: true }).fill('origin.e2e.example.com')
    await choose(page, 'Type', 'Round-robin, sticky by cookie')
    await page.getByLabel('Sticky cookie').fill('E2E_SESSION')
    await page.getByRole('button', { name: 'High' }).click()
    await page.getByRole('button', { name: 'Save' }).click()

    await expect(page).toHaveURL(/\/directors-detail\/e2e-origin\?project=shop$/)
    await expect(page.getByRole('heading', { level: 1, name: 'e2e-origin' })).toBeVisible()
    const saved = await api(server, 'GET', '/directors/e2e-origin')
    expect(saved.body.data).toMatchObject({
      type: 'round_robin_sticky_cookie',
      sticky_cookie: 'E2E_SESSION',
      backends: [{ host: 'origin.e2e.example.com', port: 443, weight: 1 }],
      probe: { window: 5, threshold: 3, interval_seconds: 5, timeout_seconds: 5 },
    })

    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Edit director e2e-origin' })).toBeVisible()
    await page.getByRole('button', { name: 'Add backend' }).click()
    await page.getByLabel('Host').nth(1).fill('10.0.0.7')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/directors-detail\/e2e-origin\?project=shop$/)
    await expect(page.getByRole('table', { name: 'Backends', exact: true }).getByRole('row')).toHaveCount(3)

    await page.getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete director?' })
    await expect(dialog).toContainText('e2e-origin')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/directors\?project=shop$/)
    expect((await api(server, 'GET', '/directors/e2e-origin')).status).toBe(404)
  })

  test('creates, edits and deletes a website, picking its director from the dropdown', async ({ page, server }) => {
    await page.goto(`/websites-add?project=${PROJECT}`)
    await page.getByLabel('Name', { exact: true }).fill('e2e-example-org')
    await page.getByLabel('Domain name').fill('e2e.example.org')
    await choose(page, 'Default director', /^shop-origin/)
    await page.getByLabel('HSTS').check()
    await page.getByRole('button', { name: 'Save' }).click()

    await expect(page).toHaveURL(/\/websites-detail\/e2e-example-org\?project=shop$/)
    await expect(page.getByText('Retry on 5xx errors, HSTS')).toBeVisible()
    await expect(page.getByRole('link', { name: 'shop-origin' })).toBeVisible()

    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByRole('button', { name: 'Add alias' }).click()
    await page.getByLabel(/alias/i).last().fill('www.e2e.example.org')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/websites-detail\/e2e-example-org\?project=shop$/)
    expect((await api(server, 'GET', '/websites/e2e-example-org')).body.data.domain_aliases).toEqual([
      'www.e2e.example.org',
    ])

    await page.goto(`/websites?project=${PROJECT}`)
    await page.getByRole('button', { name: 'Delete website e2e-example-org' }).click()
    await page.getByRole('dialog', { name: 'Delete website?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('link', { name: 'e2e-example-org' })).toHaveCount(0)
    // The row can leave the list (its page refetching) before the DELETE has landed: seen once under load.
    await expect.poll(async () => (await api(server, 'GET', '/websites/e2e-example-org')).status).toBe(404)
  })

  test('writes a VCL snippet in the editor and hooks it into a website', async ({ page, server }) => {
    await page.goto(`/code-snippets-add?project=${PROJECT}`)
    await page.getByLabel('Name', { exact: true }).fill('e2e-geo')
    await choose(page, 'Hook', 'vcl_recv')
    const editor = page.getByLabel('VCL', { exact: true })
    await editor.fill('if (req.http.host ~ "^www\\.") {\n  set req.http.X-Geo = "eu";\n}')
    // The editor colours what was typed: the keyword and the string are tokens of their own.
    await expect(page.locator('.cm-content .tok-keyword', { hasText: 'if' }).first()).toBeVisible()
    await expect(page.locator('.cm-content .tok-string', { hasText: '"eu"' })).toBeVisible()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/code-snippets-detail\/e2e-geo\?project=shop$/)
    expect((await api(server, 'GET', '/codesnippets/e2e-geo')).body.data).toMatchObject({
      hook: 'vcl_recv',
      priority: 100,
      content: 'if (req.http.host ~ "^www\\.") {\n  set req.http.X-Geo = "eu";\n}',
    })

    await page.goto(`/websites-edit/api-shop-example-com?project=${PROJECT}`)
    // Each hook's picker offers only the snippets written for it, and the page-rule picker only this
    // website's rules (the seeded one belongs to static-shop-example-com).
    await page.getByRole('button', { name: 'vcl_deliver' }).click()
    await expect(page.getByRole('option', { name: 'security-headers' })).toBeVisible()
    await expect(page.getByRole('option', { name: /e2e-geo/ })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Page rules' }).click()
    await expect(page.getByRole('option', { name: /static-assets-cache/ })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'vcl_recv' }).click()
    await expect(page.getByRole('option', { name: /security-headers/ })).toHaveCount(0)
    await page.getByRole('option', { name: 'e2e-geo' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Custom VCL hooks')).toBeVisible()
    await expect(page.getByRole('link', { name: 'e2e-geo' })).toBeVisible()
    // Still in use: the snippet cannot go while the website runs it.
    const refused = await api(server, 'DELETE', '/codesnippets/e2e-geo', undefined, '*')
    expect(refused.status).toBe(409)
  })

  test('refuses a snippet Varnish cannot compile, marking its line in the editor', async ({ page, server }) => {
    await page.goto(`/code-snippets-add?project=${PROJECT}`)
    await page.getByLabel('Name', { exact: true }).fill('e2e-broken')
    await choose(page, 'Hook', 'vcl_deliver')
    const typed = 'set resp.http.X-A = "1";\nset resp.http.X-B = ;\nset resp.http.X-C = "3";'
    await page.getByLabel('VCL', { exact: true }).fill(typed)
    await page.getByRole('button', { name: 'Save' }).click()
    // Varnish's own compiler (varnishd -C), where in the snippet and in its words.
    await expect(
      page.getByText("line 2, column 21: Unknown token ';' when looking for STRING", { exact: true }),
    ).toBeVisible()
    await expect(page.locator('.cm-vcl-error')).toHaveText('set resp.http.X-B = ;')
    await expect(page).toHaveURL(/\/code-snippets-add\?project=shop$/)
    expect((await api(server, 'GET', '/codesnippets/e2e-broken')).status).toBe(404)
    // Mended, it saves.
    await page.locator('.cm-vcl-error').click()
    await page.keyboard.press('End')
    await page.keyboard.press('Backspace')
    await page.keyboard.type('"2";')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/code-snippets-detail\/e2e-broken\?project=shop$/)
  })

  test('shows the server’s refusal on the field it concerns and keeps what was typed', async ({ page }) => {
    await page.goto(`/websites-add?project=${PROJECT}`)
    await page.getByLabel('Name', { exact: true }).fill('copycat')
    // The form's schema accepts it; only the server knows the storefront serves this domain already.
    await page.getByLabel('Domain name').fill('shop.example.com')
    await choose(page, 'Default director', /^shop-origin/)
    await page.getByRole('button', { name: 'Save' }).click()
    const domain = page.getByLabel('Domain name')
    await expect(domain).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('shop.example.com is already used by website shop-example-com').first()).toBeVisible()
    await expect(domain).toHaveValue('shop.example.com')
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('copycat')
    await expect(page).toHaveURL(/\/websites-add\?project=shop$/)
  })

  test('a save sent with Enter keeps the focus in its field until the answer, then moves it to the refused field', async ({
    page,
  }) => {
    await page.goto(`/websites-add?project=${PROJECT}`)
    await page.getByLabel('Name', { exact: true }).fill('keyboard-save')
    await choose(page, 'Default director', /^shop-origin/)
    const domain = page.getByLabel('Domain name')
    await domain.fill('keyboard.example.com')
    // The save is held, then refused on Domain name alone (as the server says a field's error).
    let posts = 0
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    await page.route(/\/projects\/shop\/websites$/, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      posts += 1
      await answered
      await route.fulfill({
        status: 400,
        json: {
          message: 'invalid website: domain_name is not served here',
          errors: [{ field: 'domain_name', message: 'is not served here' }],
        },
      })
    })
    await domain.press('Enter')
    await expect(page.getByRole('button', { name: 'Saving…' })).toBeVisible()
    // While the save is under way the field keeps the focus (a disabled fieldset dropped it to the body),
    // takes no change, and a second Enter sends nothing more.
    await expect(domain).toBeFocused()
    await page.keyboard.type('x')
    await page.keyboard.press('Enter')
    await expect(domain).toHaveValue('keyboard.example.com')
    await expect(domain).toBeFocused()
    await page.getByLabel('Display name').focus()
    answer()
    await expect(domain).toHaveAttribute('aria-invalid', 'true')
    await expect(domain).toBeFocused()
    await expect(domain).toHaveAccessibleDescription(/is not served here/)
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible()
    expect(posts).toBe(1)
  })

  test('a display name of 200 characters without a space wraps in the detail page’s heading, the page not scrolling sideways', async ({
    page,
    server,
  }) => {
    const displayName = 'Login_throttle_for_the_storefront_'.repeat(6).slice(0, 200)
    const created = await api(server, 'POST', '/ratelimits', {
      name: 'e2e-long-title',
      display_name: displayName,
      limit: 5,
    })
    expect(created.status).toBe(201)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`/rate-limits-detail/e2e-long-title?project=${PROJECT}`)
    const heading = page.getByRole('heading', { level: 1, name: displayName })
    await expect(heading).toBeVisible()
    // The heading ran on to 4,000 px, and the page (the shell too) scrolled sideways with it.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    const box = await heading.boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280)
  })

  test('stops the second of two tabs from silently overwriting the first', async ({ page, server }) => {
    await api(server, 'POST', '/directors', { name: 'two-tabs', backends: [{ host: 'a.example.com', port: 443 }] })
    const other = await page.context().newPage()
    for (const tab of [page, other]) {
      await tab.goto(`/directors-edit/two-tabs?project=${PROJECT}`)
      await expect(tab.getByLabel('Host', { exact: true })).toHaveValue('a.example.com')
    }
    await other.getByLabel('Host', { exact: true }).fill('from-the-other-tab.example.com')
    await other.getByRole('button', { name: 'Save' }).click()
    await expect(other).toHaveURL(/\/directors-detail\/two-tabs/)

    await page.getByLabel('Host', { exact: true }).fill('from-this-tab.example.com')
    await page.getByRole('button', { name: 'Save' }).click()
    const conflict = page.getByRole('dialog', { name: 'This director was changed by someone else' })
    await expect(conflict).toContainText('from-the-other-tab.example.com')
    await expect(conflict).toContainText('from-this-tab.example.com')
    expect((await api(server, 'GET', '/directors/two-tabs')).body.data.backends[0].host).toBe(
      'from-the-other-tab.example.com',
    )

    await conflict.getByRole('button', { name: 'Overwrite with mine' }).click()
    await expect(page).toHaveURL(/\/directors-detail\/two-tabs/)
    const saved = (await api(server, 'GET', '/directors/two-tabs')).body.data
    expect(saved.backends[0].host).toBe('from-this-tab.example.com')
    expect(saved.revision).toBe(3)
    await other.close()
  })

  test('an edit opened from a detail page seen before another’s change starts from their version', async ({
    page,
    server,
  }) => {
    await api(server, 'POST', '/synthetics', { name: 'seen-before', display_name: 'First' })
    await page.goto(`/synthetic-responses-detail/seen-before?project=${PROJECT}`)
    await expect(page.getByRole('heading', { level: 1, name: 'First' })).toBeVisible()
    // Changed elsewhere while this tab shows the detail page (and its query cache holds revision 1).
    const stored = await api(server, 'GET', '/synthetics/seen-before')
    const changed = await api(
      server,
      'PUT',
      '/synthetics/seen-before',
      { display_name: 'Second' },
      `"${stored.body.data.revision}"`,
    )
    expect(changed.status).toBe(200)

    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByLabel('Display name')).toHaveValue('Second')
    await page.getByLabel('TTL').fill('60')
    await page.getByRole('button', { name: 'Save' }).click()
    // No conflict with a version the console had already been told of.
    await expect(page).toHaveURL(/\/synthetic-responses-detail\/seen-before\?project=shop$/)
    expect((await api(server, 'GET', '/synthetics/seen-before')).body.data).toMatchObject({
      display_name: 'Second',
      ttl_s: 60,
      revision: 3,
    })
  })

  test('a delete that meets a change made meanwhile shows that version, and the next try deletes', async ({
    page,
    server,
  }) => {
    await api(server, 'POST', '/synthetics', { name: 'changed-meanwhile' })
    await page.goto(`/synthetic-responses-detail/changed-meanwhile?project=${PROJECT}`)
    await expect(page.getByRole('heading', { level: 1, name: 'changed-meanwhile' })).toBeVisible()
    expect((await api(server, 'PUT', '/synthetics/changed-meanwhile', { display_name: 'Changed' }, '"1"')).status).toBe(
      200,
    )

    await page.getByRole('button', { name: 'Delete' }).click()
    await page
      .getByRole('dialog', { name: 'Delete synthetic response?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    const report = page.getByRole('dialog', { name: 'Synthetic response not deleted' })
    await expect(report).toContainText(
      'It changed since this page loaded (now revision 2): the page shows it now; check it before deleting.',
    )
    await report.getByText('Close', { exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Changed' })).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await page
      .getByRole('dialog', { name: 'Delete synthetic response?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(page).toHaveURL(/\/synthetic-responses\?project=shop$/)
    expect((await api(server, 'GET', '/synthetics/changed-meanwhile')).status).toBe(404)
  })

  test('keeps the website’s sections in place while its live traffic’s code arrives', async ({ page }) => {
    // The live traffic's machine held back: its section is there from the start, Start not yet usable.
    const release = await holdRequests(page, /\/assets\/live-traffic-[^/]*\.js$/)
    await page.goto(`/websites-detail/shop-example-com?project=${PROJECT}`)
    const start = page.getByRole('button', { name: 'Start live traffic' })
    await expect(start).toBeDisabled()
    const below = page.getByRole('heading', { level: 2, name: 'Domains and origin' })
    const before = await below.boundingBox()
    release()
    await expect(start).toBeEnabled()
    expect(await below.boundingBox()).toEqual(before)
  })

  test('refuses to delete a director a website still uses, naming the website', async ({ page, server }) => {
    await page.goto(`/directors-detail/shop-origin?project=${PROJECT}`)
    await page.getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(dialog).toContainText('shop-example-com')
    await expect(dialog).toContainText('Not deleted')
    expect((await api(server, 'GET', '/directors/shop-origin')).status).toBe(200)
    // Closing the report gives focus back to the button that asked.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Delete' })).toBeFocused()
  })
})

test.describe('resource screens as a viewer', () => {
  const VIEWER_PERMISSIONS = [
    'wadp.websites.list',
    'wadp.websites.get',
    'wadp.directors.list',
    'wadp.directors.get',
    'wadp.projects.get',
  ]

  test('a viewer sees the lists and details without Add, Edit or Delete', async ({ page, server }) => {
    await signIn(page, await createToken(server, { owner: 'viewer@example.com', permissions: VIEWER_PERMISSIONS }))
    await page.goto(`/websites?project=${PROJECT}`)
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add website' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0)
    await expect(page.getByRole('checkbox')).toHaveCount(0)

    await page.getByRole('link', { name: 'shop-example-com', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Shop storefront' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
    // No wadp.websites.logs: no live traffic section, not even while the page loads.
    await expect(page.getByRole('heading', { name: 'Live traffic' })).toHaveCount(0)
  })

  test('a viewer is told why at /backups and /audit, and nothing is asked of either', async ({ page, server }) => {
    await signIn(page, await createToken(server, { owner: 'viewer@example.com', permissions: VIEWER_PERMISSIONS }))
    const asked: string[] = []
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path.startsWith('/api/') && /\/backups|^\/api\/audit\//.test(path)) asked.push(path)
    })
    await page.goto(`/backups?project=${PROJECT}`)
    await expect(page.getByText('You do not have permission to see the backups of this project.')).toBeVisible()
    await page.goto(`/audit?project=${PROJECT}`)
    await expect(page.getByText('You do not have permission to read the audit log.')).toBeVisible()
    expect(asked).toEqual([])
  })

  // One test per form, each failure naming its page.
  for (const path of ['/websites-add', '/websites-edit/shop-example-com', '/directors-add']) {
    test(`a viewer gets no form at ${path}`, async ({ page, server }) => {
      await signIn(page, await createToken(server, { owner: 'viewer@example.com', permissions: VIEWER_PERMISSIONS }))
      await page.goto(`${path}?project=${PROJECT}`)
      await expect(page.getByText(/You do not have permission/)).toBeVisible()
      await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
      await expect(page.getByRole('textbox')).toHaveCount(0)
    })
  }
})
