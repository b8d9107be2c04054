import type { Page } from '@playwright/test'
import { holdRequests } from './support/hold.ts'
import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

type Director = { name: string }

async function directorsOf(server: PlatformServer, project: string): Promise<string[]> {
  const response = await fetch(`${server.baseURL}/api/core/v0/projects/${project}/directors?items=1000`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  })
  return ((await response.json()) as { data: Director[] }).data.map((director) => director.name)
}

async function websiteOf(server: PlatformServer, project: string, name: string) {
  const response = await fetch(`${server.baseURL}/api/core/v0/projects/${project}/websites/${name}`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  })
  return response.status === 200
    ? ((await response.json()) as { data: { default_director: string; domain_name: string } }).data
    : null
}

/** In project `shop` (signed in as the admin), with the wizard open on its form page. */
async function openWizard(page: Page) {
  await page.goto('/home?project=shop')
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Shop' })).toBeVisible()
  await page.getByRole('button', { name: 'Quick Setup' }).click()
  const wizard = page.getByRole('dialog', { name: 'Quick Setup' })
  await wizard.getByRole('button', { name: 'Next' }).click()
  return wizard
}

/**
 * The first POST to the shop's `type` list reaches the platform, which creates it, and its answer never
 * reaches the console (the connection reset). Returns whether that has happened.
 */
async function loseFirstCreateAnswer(page: Page, type: 'websites' | 'directors'): Promise<() => boolean> {
  let lost = false
  await page.route(`**/api/core/v0/projects/shop/${type}`, async (route) => {
    if (route.request().method() === 'POST' && !lost) {
      lost = true
      await route.fetch()
      await route.abort('connectionreset')
      return
    }
    await route.fallback()
  })
  return () => lost
}

test.describe('the quick-setup wizard', () => {
  test('a stray click outside closes it without losing what was typed', async ({ page }) => {
    const wizard = await openWizard(page)
    const domain = wizard.getByLabel('What is the domain name for the website?')
    await domain.fill('typed-by-user.example.com')
    await page.mouse.click(5, 300)
    await expect(wizard).toBeHidden()
    await page.getByRole('button', { name: 'Quick Setup' }).click()
    await wizard.getByRole('button', { name: 'Next' }).click()
    await expect(domain).toHaveValue('typed-by-user.example.com')
    await wizard.getByRole('button', { name: 'Restart' }).click()
    await wizard.getByRole('button', { name: 'Next' }).click()
    await expect(domain).toHaveValue('')
  })

  test('creates a website and its director for a new origin, then leads to /websites', async ({ page, server }) => {
    // Opened over the websites list, which the console then holds: the new website must still show.
    await page.goto('/websites?project=shop')
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Quick Setup' }).click()
    const wizard = page.getByRole('dialog', { name: 'Quick Setup' })
    await wizard.getByRole('button', { name: 'Next' }).click()
    await wizard.getByLabel('What is the domain name for the website?').fill('fresh.example.org')
    await wizard.getByLabel('Host').fill('origin.fresh.example.org')
    await wizard.getByRole('button', { name: 'Next' }).click()
    await expect(wizard.getByText('Are you happy to go forward and add this website?')).toBeVisible()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    await expect(wizard.getByText('Thank you, your website is being configured as we speak!')).toBeVisible()
    const website = await websiteOf(server, 'shop', 'fresh-example-org')
    expect(website?.domain_name).toBe('fresh.example.org')
    expect(website?.default_director).toMatch(/^fresh-example-org-[a-z]{5}$/)
    await wizard.getByRole('button', { name: 'Finish' }).click()
    await expect(page).toHaveURL(/\/websites\?project=shop$/)
    await expect(page.getByRole('link', { name: 'fresh-example-org', exact: true })).toBeVisible()
  })

  test('checks the form page before Next: inline errors, the focus on the first, gone once fixed', async ({ page }) => {
    const wizard = await openWizard(page)
    const domain = wizard.getByLabel('What is the domain name for the website?')
    await expect(domain).toHaveAttribute('placeholder', 'www.example.com')
    await wizard.getByRole('button', { name: 'Next' }).click()
    // Blank fields do not reach the confirmation page: each field says what is wrong, with the spec's messages.
    await expect(domain).toHaveAccessibleDescription('invalid domain name')
    await expect(domain).toBeFocused()
    const origin = wizard.getByRole('group', { name: 'What is the origin of this website?' })
    await expect(origin).toHaveAttribute('aria-invalid', 'true')
    await expect(origin.getByText('invalid backend')).toBeVisible()
    await expect(wizard.getByText('Are you happy to go forward and add this website?')).toHaveCount(0)
    await expect(wizard.getByText('Error:')).toHaveCount(0)
    // Checked again as the user types: a fixed field loses its error at once.
    await domain.fill('checked.example.org')
    await expect(domain).not.toHaveAttribute('aria-invalid', 'true')
    await expect(origin.getByText('invalid backend')).toBeVisible()
    await wizard.getByLabel('Host').fill('origin.checked.example.org')
    await expect(origin).not.toHaveAttribute('aria-invalid', 'true')
    await wizard.getByRole('button', { name: 'Next' }).click()
    await expect(wizard.getByText('Are you happy to go forward and add this website?')).toBeVisible()
  })

  test('says it worked in a notification and offers the next steps as links', async ({ page }) => {
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('announced.example.org')
    await wizard.getByLabel('Host').fill('origin.announced.example.org')
    await wizard.getByRole('button', { name: 'Next' }).click()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    // The notification shows over the modal (whose dialog makes the rest of the page inert, so it is
    // found by its text: the final page's thanks already says it to assistive technology).
    await expect(page.getByText('Website "announced-example-org" created.')).toBeVisible()
    const steps = wizard.getByRole('list').filter({ has: page.getByRole('link') })
    const alias = steps.getByRole('link', { name: 'Add a domain alias' })
    await expect(alias).toHaveAttribute('href', '/websites-edit/announced-example-org?project=shop')
    // Visibly links: underlined, and not in the colour of the text around them.
    const style = await alias.evaluate((link) => {
      const own = getComputedStyle(link)
      return {
        line: own.textDecorationLine,
        colour: own.color,
        text: getComputedStyle(link.closest('p, div') ?? document.body).color,
      }
    })
    expect(style.line).toContain('underline')
    expect(style.colour).not.toBe(style.text)
  })

  test('uses an existing director without creating another', async ({ page, server }) => {
    const before = await directorsOf(server, 'shop')
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('reused.example.org')
    await wizard.getByLabel('Existing').check()
    await wizard.getByRole('button', { name: /Director/ }).click()
    await page.getByRole('option', { name: /shop-origin/ }).click()
    await wizard.getByRole('button', { name: 'Next' }).click()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    await expect(wizard.getByText('Thank you, your website is being configured as we speak!')).toBeVisible()
    expect((await websiteOf(server, 'shop', 'reused-example-org'))?.default_director).toBe('shop-origin')
    expect(await directorsOf(server, 'shop')).toEqual(before)
  })

  test('refuses a domain the project already serves, on the confirmation page', async ({ page }) => {
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('shop.example.com')
    await wizard.getByLabel('Host').fill('origin.example.org')
    await wizard.getByRole('button', { name: 'Next' }).click()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    const errors = wizard.getByRole('alert')
    await expect(errors).toContainText('Error:')
    await expect(errors).toContainText('Message:')
    await expect(errors).toContainText('domain name already used')
  })

  test('Next by keyboard from the welcome page puts the focus in the domain field, to type it at once', async ({
    page,
  }) => {
    await page.goto('/home?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Shop' })).toBeVisible()
    await page.getByRole('button', { name: 'Quick Setup' }).click()
    const wizard = page.getByRole('dialog', { name: 'Quick Setup' })
    await wizard.getByRole('button', { name: 'Next' }).focus()
    await page.keyboard.press('Enter')
    const domain = wizard.getByLabel('What is the domain name for the website?')
    await expect(domain).toBeFocused()
    await page.keyboard.type('typed.example.org')
    await expect(domain).toHaveValue('typed.example.org')
  })

  test('a reload while it submits asks first, and staying lets the website be created', async ({ page, server }) => {
    // The website's creation waits until the test has tried to reload: the director exists by then.
    const releaseWebsite = await holdRequests(
      page,
      '**/api/core/v0/projects/shop/websites',
      (request) => request.method() === 'POST',
    )
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('reloaded.example.org')
    await wizard.getByLabel('Host').fill('origin.reloaded.example.org')
    await wizard.getByRole('button', { name: 'Next' }).click()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    await expect
      .poll(async () => (await directorsOf(server, 'shop')).some((name) => name.startsWith('reloaded-example-org-')))
      .toBe(true)
    const asked = page.waitForEvent('dialog', { timeout: 15_000 })
    // The reload is only asked for (Playwright's reload would wait for a load the answer cancels).
    void page.evaluate(() => location.reload()).catch(() => {})
    const question = await asked
    expect(question.type()).toBe('beforeunload')
    await question.dismiss()
    releaseWebsite()
    await expect(wizard.getByText('Thank you, your website is being configured as we speak!')).toBeVisible()
    expect((await websiteOf(server, 'shop', 'reloaded-example-org'))?.default_director).toMatch(
      /^reloaded-example-org-[a-z]{5}$/,
    )
  })

  test('a double-click on Next goes one page on, without its second click closing the wizard', async ({
    page,
    server,
  }) => {
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('double.example.org')
    await wizard.getByLabel('Host').fill('origin.double.example.org')
    // The confirmation page is shorter: the second click lands where the form's Next was, outside it.
    await wizard.getByRole('button', { name: 'Next' }).dblclick()
    await expect(wizard.getByText('Are you happy to go forward and add this website?')).toBeVisible()
    await expect(wizard).toBeVisible()
    expect(await websiteOf(server, 'shop', 'double-example-org')).toBeNull()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    await expect(wizard.getByText('Thank you, your website is being configured as we speak!')).toBeVisible()
  })

  test('a failed submission by keyboard leaves the focus on Yes, to try again', async ({ page }) => {
    await page.route('**/api/core/v0/projects/shop/websites', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'website name taken meanwhile', errors: [] }),
          })
        : route.fallback(),
    )
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('keyboard.example.org')
    await wizard.getByLabel('Host').fill('origin.keyboard.example.org')
    await wizard.getByLabel('Host').press('Enter')
    const yes = wizard.getByRole('button', { name: 'Yes' })
    await expect(yes).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(wizard.getByRole('alert')).toContainText('website name taken meanwhile')
    // The pressed button kept the focus while it was busy: the keyboard is still where the user was.
    await expect(yes).toBeFocused()
    await expect(yes).toBeEnabled()
  })

  test('removes the director it created when the website cannot be created', async ({ page, server }) => {
    const before = await directorsOf(server, 'shop')
    let failed = false
    await page.route('**/api/core/v0/projects/shop/websites', async (route) => {
      if (route.request().method() === 'POST' && !failed) {
        failed = true
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'website store unavailable', errors: [] }),
        })
        return
      }
      await route.fallback()
    })
    // The director's deletion waits until the test has seen the wizard say it is removing it.
    const releaseDeletion = await holdRequests(
      page,
      '**/api/core/v0/projects/shop/directors/*',
      (request) => request.method() === 'DELETE',
    )
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('doomed.example.org')
    await wizard.getByLabel('Host').fill('origin.doomed.example.org')
    await wizard.getByRole('button', { name: 'Next' }).click()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    await expect(wizard.getByRole('status')).toHaveText(
      'Adding the website failed: removing the director created for it…',
    )
    // The failure is not told before the rollback has ended: the user would take it for the last word.
    await expect(wizard.getByRole('alert')).toHaveText('')
    expect(failed).toBe(true)
    releaseDeletion()
    await expect(wizard.getByRole('alert')).toContainText('website store unavailable')
    // The failure shows once the deletion has answered: the director is gone by then, and the page says so.
    await expect(wizard.getByRole('status')).toHaveText(
      /^The director doomed-example-org-[a-z]{5}, created for this website, was removed: nothing was left behind\.$/,
    )
    expect(await directorsOf(server, 'shop')).toEqual(before)
    expect(await websiteOf(server, 'shop', 'doomed-example-org')).toBeNull()
  })

  test('a website created whose answer was lost is reported created, its director kept', async ({ page, server }) => {
    const lost = await loseFirstCreateAnswer(page, 'websites')
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('lost-answer.example.org')
    await wizard.getByLabel('Host').fill('origin.lost-answer.example.org')
    await wizard.getByRole('button', { name: 'Next' }).click()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    await expect(wizard.getByText('Thank you, your website is being configured as we speak!')).toBeVisible()
    expect(lost()).toBe(true)
    await expect(wizard.getByRole('alert')).toHaveText('')
    await expect(wizard.getByRole('link', { name: 'Add a domain alias' })).toHaveAttribute(
      'href',
      '/websites-edit/lost-answer-example-org?project=shop',
    )
    const website = await websiteOf(server, 'shop', 'lost-answer-example-org')
    expect(website?.default_director).toMatch(/^lost-answer-example-org-[a-z]{5}$/)
    expect(await directorsOf(server, 'shop')).toContain(website?.default_director)
  })

  test('a website the platform stores after the console gave up on it is found by a second look', async ({
    page,
    server,
  }) => {
    // The console's POST gets no answer; the platform receives it only once the console has looked for
    // the website and found nothing, as a creation still running when the client's time-out fires would.
    let given: { body: string; authorization: string } | null = null
    await page.route('**/api/core/v0/projects/shop/websites', async (route) => {
      const request = route.request()
      if (request.method() !== 'POST' || given) return route.fallback()
      given = { body: request.postData() ?? '', authorization: (await request.allHeaders()).authorization ?? '' }
      await route.abort('timedout')
    })
    let looks = 0
    await page.route('**/api/core/v0/projects/shop/websites/late-example-org', async (route) => {
      if (route.request().method() !== 'GET' || !given) return route.fallback()
      looks += 1
      const answer = await route.fetch()
      if (looks === 1) {
        const stored = await fetch(`${server.baseURL}/api/core/v0/projects/shop/websites`, {
          method: 'POST',
          headers: { authorization: given.authorization, 'content-type': 'application/json' },
          body: given.body,
        })
        expect(stored.status).toBe(201)
      }
      await route.fulfill({ response: answer })
    })
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('late.example.org')
    await wizard.getByLabel('Host').fill('origin.late.example.org')
    await wizard.getByRole('button', { name: 'Next' }).click()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    await expect(wizard.getByText('Thank you, your website is being configured as we speak!')).toBeVisible()
    expect(looks).toBe(2)
    await expect(wizard.getByRole('alert')).toHaveText('')
    const website = await websiteOf(server, 'shop', 'late-example-org')
    expect(website?.default_director).toMatch(/^late-example-org-[a-z]{5}$/)
    expect(await directorsOf(server, 'shop')).toContain(website?.default_director)
  })

  test('a director created whose answer was lost is used for the website', async ({ page, server }) => {
    const lost = await loseFirstCreateAnswer(page, 'directors')
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('lost-director.example.org')
    await wizard.getByLabel('Host').fill('origin.lost-director.example.org')
    await wizard.getByRole('button', { name: 'Next' }).click()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    await expect(wizard.getByText('Thank you, your website is being configured as we speak!')).toBeVisible()
    expect(lost()).toBe(true)
    await expect(wizard.getByRole('alert')).toHaveText('')
    const website = await websiteOf(server, 'shop', 'lost-director-example-org')
    expect(website?.default_director).toMatch(/^lost-director-example-org-[a-z]{5}$/)
    expect((await directorsOf(server, 'shop')).filter((name) => name.startsWith('lost-director-'))).toEqual([
      website?.default_director,
    ])
  })

  test('names the director that may exist when neither its answer nor a check of it came', async ({ page, server }) => {
    await page.route('**/api/core/v0/projects/shop/directors', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      await route.fetch()
      await route.abort('connectionreset')
    })
    await page.route('**/api/core/v0/projects/shop/directors/*', (route) =>
      route.request().method() === 'GET' ? route.abort('connectionreset') : route.fallback(),
    )
    const wizard = await openWizard(page)
    await wizard.getByLabel('What is the domain name for the website?').fill('unknown-director.example.org')
    await wizard.getByLabel('Host').fill('origin.unknown-director.example.org')
    await wizard.getByRole('button', { name: 'Next' }).click()
    await wizard.getByRole('button', { name: 'Yes' }).click()
    const errors = wizard.getByRole('alert')
    await expect(errors).toContainText('The platform could not be reached.')
    const [director] = (await directorsOf(server, 'shop')).filter((name) => name.startsWith('unknown-director-'))
    expect(director).toMatch(/^unknown-director-example-org-[a-z]{5}$/)
    // Named in the list (Error: director, Message: …) for the user to see to; nothing deleted, no website.
    await expect(errors.getByRole('listitem').filter({ hasText: `${director}:` })).toContainText('Error: director')
    expect(await websiteOf(server, 'shop', 'unknown-director-example-org')).toBeNull()
  })
})

test.describe('synchronization status', () => {
  test('the project view reaches success against the simulated fleet', async ({ page }) => {
    await page.goto('/home?project=shop')
    await page.getByRole('button', { name: 'Synchronization status', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Synchronization status' })
    await expect(dialog.getByRole('columnheader', { name: 'Point-of-presence ID' })).toBeVisible()
    await expect(dialog.getByText('All changes have been applied to the servers.')).toBeVisible({ timeout: 20_000 })
  })

  test('shows the warning when a node is in maintenance', async ({ page, server }) => {
    const patchNode = (status: string) =>
      fetch(`${server.baseURL}/api/core/v0/nodes/pop-nl-ams-1`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json', 'if-match': '*' },
        body: JSON.stringify({ status }),
      })
    expect((await patchNode('maintenance')).status).toBe(200)
    try {
      await page.goto('/access-list?project=shop')
      await page.getByRole('main').getByRole('button', { name: 'Synchronization status' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('columnheader', { name: 'Node ID' })).toBeVisible()
      await expect(dialog.getByText("Some nodes aren't synchronized. Please retry later.")).toBeVisible({
        timeout: 20_000,
      })
    } finally {
      await patchNode('active')
    }
  })
})

test('Config Status shows the admin configuration sync and lets an admin re-check it', async ({ page }) => {
  await page.goto('/config-status?project=shop')
  await expect(page.getByRole('columnheader', { name: 'Source' })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByText('All config changes have been applied to the servers.')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('Admin Config Sync Status')).toHaveCount(0)
  // An explicit check (Re-check) also announces its result for 10 s.
  await main.getByRole('button', { name: 'Re-check' }).click()
  await expect(page.getByText('Admin Config Sync Status')).toBeVisible({ timeout: 20_000 })
  await expect(main.getByText('All config changes have been applied to the servers.')).toBeVisible()
})
