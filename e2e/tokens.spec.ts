import type { Page } from '@playwright/test'
import { signIn } from './pages/console.ts'
import { adminCall, createToken } from './support/api.ts'
import { seriousViolations } from './support/axe.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

/** The status a request with `secret` as its bearer token gets from the platform API, sent by the page. */
async function statusWith(page: Page, secret: string): Promise<number> {
  return page.evaluate(async (token) => {
    const response = await fetch('/api/auth/v0/auth/check', { headers: { Authorization: `Bearer ${token}` } })
    return response.status
  }, secret)
}

/** Whether the secret sits anywhere the browser keeps things: the page, the URL, local or session storage. */
async function secretKept(page: Page, secret: string): Promise<boolean> {
  const kept = await page.evaluate(
    () =>
      `${document.documentElement.outerHTML} ${location.href} ${JSON.stringify(localStorage)} ${JSON.stringify(sessionStorage)}`,
  )
  return kept.includes(secret)
}

/** Reads the secret the dialog shows once, copies it, and closes the dialog. */
async function takeSecret(page: Page, dialogName: RegExp, label: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: dialogName })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('it will not be shown again')
  const secret = await dialog.getByLabel(label, { exact: true }).inputValue()
  expect(secret.length).toBeGreaterThanOrEqual(32)
  await dialog.getByRole('button', { name: 'Copy' }).click()
  // The console's permissions policy forbids reading the clipboard back: the dialog says the copy worked.
  await expect(dialog).toContainText('Copied to the clipboard.')
  // The dialog's own: the page under it (the form with every permission's box) was checked before.
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
  await dialog.getByRole('button', { name: 'I have copied it' }).click()
  await expect(dialog).toBeHidden()
  return secret
}

/** Revokes the resource of the open detail page after its confirmation, which names it. */
async function revoke(page: Page, one: string, name: string) {
  await page.getByRole('button', { name: 'Revoke', exact: true }).click()
  const question = page.getByRole('dialog', { name: `Revoke the ${one} "${name}"?` })
  await expect(question).toBeVisible()
  // Focus starts on Cancel, as in the delete question.
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await question.getByRole('button', { name: 'Revoke', exact: true }).click()
  await expect(question).toBeHidden()
  await expect(page.getByRole('button', { name: 'Revoke', exact: true })).toHaveCount(0)
}

test.describe('tokens', () => {
  test.beforeEach(async ({ page }) => {
    await page.context().grantPermissions(['clipboard-write'])
  })

  test('creates an API token, shows its secret once, and revokes it', async ({ page, server }) => {
    const name = `ci-${Date.now().toString(36)}`

    // A token that stops in 5 days, made through the API: the list marks it as expiring soon.
    const soon = await page.request.post('/api/auth/v0/tokens', {
      headers: { Authorization: `Bearer ${server.adminToken}` },
      data: {
        name: `${name}-soon`,
        permissions: ['wadp.websites.list'],
        expires_at: new Date(Date.now() + 5 * 86_400_000 - 60_000).toISOString(),
      },
    })
    expect(soon.status()).toBe(201)

    await page.goto('/tokens?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Tokens' })).toBeVisible()
    // The bootstrap token, with its status in words.
    await expect(page.getByRole('row', { name: /bootstrap/i })).toContainText('Active')
    await expect(page.getByRole('row', { name: new RegExp(`${name}-soon`) })).toContainText('Expires in 5 days')
    expect(await seriousViolations(page)).toEqual([])

    await page.goto('/tokens-add?project=shop')
    await expect(page.getByText('at most one year')).toBeVisible()
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByRole('button', { name: 'Save' }).click()
    // No permission chosen: the schema's message on the field, and the name kept.
    await expect(page.getByText('grant at least one permission')).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('group', { name: 'wadp.websites' }).getByLabel('list', { exact: true }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    const secret = await takeSecret(page, new RegExp(`The token "${name}" was created`), 'Token')
    await expect(page).toHaveURL(new RegExp(`/tokens-detail/${name}\\?project=shop`))
    expect(await statusWith(page, secret)).toBe(200)

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    expect(await secretKept(page, secret)).toBe(false)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText(secret.slice(0, 6), { exact: true })).toBeVisible()
    expect(await secretKept(page, secret)).toBe(false)

    // Another token than the session's: no warning about signing out.
    await page.getByRole('button', { name: 'Revoke', exact: true }).click()
    const question = page.getByRole('dialog', { name: `Revoke the token "${name}"?` })
    await expect(question).toContainText('is refused from now on')
    await expect(question).not.toContainText('you are signed in with')
    await question.getByRole('button', { name: 'Cancel' }).click()
    await revoke(page, 'token', name)
    await expect(page.getByText('Revoked').first()).toBeVisible()
    expect(await statusWith(page, secret)).toBe(401)
  })

  test('says what expiry the platform refuses on the field, before sending anything', async ({ page }) => {
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(request.url())
    })
    /** A day `days` from today, typed as the form reads it (day-month-year). */
    const dayIn = (days: number) => {
      const day = new Date(Date.now() + days * 86_400_000)
      const two = (n: number) => String(n).padStart(2, '0')
      return `${two(day.getUTCDate())}-${two(day.getUTCMonth() + 1)}-${day.getUTCFullYear()}`
    }
    await page.goto('/tokens-add?project=shop')
    await page.getByLabel('Name', { exact: true }).fill('too-long-lived')
    await page.getByRole('group', { name: 'wadp.websites' }).getByLabel('list', { exact: true }).check()
    const expires = page.getByLabel('Expires on')
    await expires.fill(dayIn(400))
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('must be at most one year from now')).toBeVisible()
    await expect(expires).toHaveAttribute('aria-invalid', 'true')
    await expires.fill(dayIn(-2))
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('must be in the future')).toBeVisible()

    await page.goto('/access-tokens-add?project=shop')
    await page.getByLabel('Name', { exact: true }).fill('already-over')
    await page.getByLabel('Expires on').fill(dayIn(-2))
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('must be in the future')).toBeVisible()
    expect(sent.filter((url) => /\/(tokens|access-tokens)$/.test(url))).toEqual([])
  })

  test('warns before revoking the token this console is signed in with, and asks nothing of it', async ({ page }) => {
    // The worker's stored session signed in with the bootstrap admin token.
    await page.goto('/tokens-detail/bootstrap-admin?project=shop')
    await page.getByRole('button', { name: 'Revoke', exact: true }).click()
    const question = page.getByRole('dialog', { name: 'Revoke the token "bootstrap-admin"?' })
    await expect(question).toContainText(
      'This is the token you are signed in with: revoking it signs you out of the console.',
    )
    await question.getByRole('button', { name: 'Cancel' }).click()
    await expect(question).toBeHidden()
  })

  test('warns before deleting the token this console is signed in with, from its page and from the list', async ({
    page,
  }) => {
    const warning = 'This is the token you are signed in with: deleting it signs you out of the console.'
    await page.goto('/tokens-detail/bootstrap-admin?project=shop')
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const fromDetail = page.getByRole('dialog', { name: 'Delete token?' })
    await expect(fromDetail).toContainText(warning)
    await fromDetail.getByRole('button', { name: 'Cancel' }).click()
    await expect(fromDetail).toBeHidden()

    await page.goto('/tokens?project=shop')
    await page.getByRole('button', { name: 'Delete token bootstrap-admin' }).click()
    const fromList = page.getByRole('dialog', { name: 'Delete token?' })
    await expect(fromList).toContainText(warning)
    await fromList.getByRole('button', { name: 'Cancel' }).click()
    await expect(fromList).toBeHidden()
  })

  test('creates an access token for project shop, shows its secret once, and revokes it', async ({ page, server }) => {
    const name = `partner-${Date.now().toString(36)}`
    await page.goto('/access-tokens-add?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Add access token' })).toBeVisible()
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Rate limits').check()
    await page.getByRole('button', { name: 'Save' }).click()
    const secret = await takeSecret(page, new RegExp(`The access token "${name}" was created`), 'Access token')
    await expect(page).toHaveURL(new RegExp(`/access-tokens-detail/${name}\\?project=shop`))

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    expect(await secretKept(page, secret)).toBe(false)

    await revoke(page, 'access token', name)
    const stored = await page.request.get(`/api/core/v0/projects/shop/access-tokens/${name}`, {
      headers: { Authorization: `Bearer ${server.adminToken}` },
    })
    expect((await stored.json()).data.status).toBe('revoked')

    await page.goto('/access-tokens?project=shop')
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('a revoke that meets a change made meanwhile shows that version, and the next try revokes', async ({
    page,
    server,
  }) => {
    const name = `kiosk-${Date.now().toString(36)}`
    const path = `/api/core/v0/projects/shop/access-tokens/${name}`
    expect((await adminCall(server, 'POST', '/api/core/v0/projects/shop/access-tokens', { name })).status).toBe(201)
    await page.goto(`/access-tokens-detail/${name}?project=shop`)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    // Changed in another tab while this one shows revision 1.
    expect((await adminCall(server, 'PUT', path, { display_name: 'Kiosk' }, '"1"')).status).toBe(200)

    await page.getByRole('button', { name: 'Revoke', exact: true }).click()
    const question = page.getByRole('dialog', { name: `Revoke the access token "${name}"?` })
    await question.getByRole('button', { name: 'Revoke', exact: true }).click()
    await expect(question).toContainText(
      'It changed since this page loaded (now revision 2): the page shows it now; check it before revoking it.',
    )
    // Under the question (hidden from the accessibility tree while it is open), the page shows their version.
    await expect(page.locator('main h1')).toHaveText('Kiosk')
    await question.getByRole('button', { name: 'Revoke', exact: true }).click()
    await expect(question).toBeHidden()
    expect(((await adminCall(server, 'GET', path)).body as { data: { status: string } }).data.status).toBe('revoked')
  })
})

test.describe('access tokens for a user who may not list them', () => {
  // Signed in with tokens of their own, from a browser with no stored session.
  test.use({ storageState: { cookies: [], origins: [] } })

  test('a refused add page offers no way back to a list that would refuse them too', async ({ page, server }) => {
    await signIn(page, await createToken(server, { owner: 'viewer@example.com', permissions: ['wadp.projects.get'] }))
    await page.goto('/access-tokens-add?project=shop')
    await expect(page.getByText('You do not have permission to add an access token in this project.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Access Tokens' })).toHaveCount(0)
  })

  test('the add form’s Cancel goes home, not to a list that would refuse them', async ({ page, server }) => {
    const adder = await createToken(server, {
      owner: 'admin@example.com',
      permissions: ['wadp.projects.get', 'wadp.access-tokens.create'],
    })
    await signIn(page, adder)
    await page.goto('/access-tokens-add?project=shop')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(/\/home\?project=shop$/)
    await expect(page.getByText('You do not have permission')).toHaveCount(0)
  })

  test('a save goes home, after the secret is shown, when neither the token nor the list may be read', async ({
    page,
    server,
  }) => {
    const adder = await createToken(server, {
      owner: 'admin@example.com',
      permissions: ['wadp.projects.get', 'wadp.access-tokens.create'],
    })
    await signIn(page, adder)
    const name = `blind-${Date.now().toString(36)}`
    await page.goto('/access-tokens-add?project=shop')
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByRole('button', { name: 'Save' }).click()
    const shown = page.getByRole('dialog', { name: new RegExp(`The access token "${name}" was created`) })
    await expect(shown).toContainText('it will not be shown again')
    await shown.getByRole('button', { name: 'I have copied it' }).click()
    await expect(page).toHaveURL(/\/home\?project=shop$/)
    await expect(page.getByText('You do not have permission')).toHaveCount(0)
  })

  test('deleting from the detail page goes home, not to a list that would refuse them', async ({ page, server }) => {
    const name = `kiosk-gone-${Date.now().toString(36)}`
    expect((await adminCall(server, 'POST', '/api/core/v0/projects/shop/access-tokens', { name })).status).toBe(201)
    const deleter = await createToken(server, {
      owner: 'admin@example.com',
      permissions: ['wadp.projects.get', 'wadp.access-tokens.get', 'wadp.access-tokens.delete'],
    })
    await signIn(page, deleter)
    await page.goto(`/access-tokens-detail/${name}?project=shop`)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const question = page.getByRole('dialog', { name: /^Delete/ })
    await question.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page).toHaveURL(/\/home\?project=shop$/)
    await expect(page.getByText('You do not have permission')).toHaveCount(0)
    expect((await adminCall(server, 'GET', `/api/core/v0/projects/shop/access-tokens/${name}`)).status).toBe(404)
  })
})
