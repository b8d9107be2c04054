import { seriousViolations } from './support/axe.ts'
import { holdRequests } from './support/hold.ts'
import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

/** Reads or changes the seed's website shop-example-com through the API, as the admin. */
const shopWebsite = (server: PlatformServer) => (method: string, body?: unknown, revision?: number) =>
  fetch(`${server.baseURL}/api/core/v0/projects/shop/websites/shop-example-com`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminToken}`,
      'content-type': 'application/json',
      ...(revision === undefined ? {} : { 'if-match': `"${revision}"` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (response) => (await response.json()).data)

test.describe('audit log', () => {
  test('shows a change with the dashed date, filtered in the URL, and its detail before and after', async ({
    page,
    server,
  }) => {
    const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.baseURL}/api/core/v0/projects/shop${path}`, {
        method,
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }))
    const director = await api('GET', '/directors/api-origin')
    const changed = await api(
      'PATCH',
      '/directors/api-origin',
      { display_name: 'API origin (audited)' },
      {
        'if-match': `"${director.body.data.revision}"`,
      },
    )
    expect(changed.status).toBe(200)
    await page.goto('/audit?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible()
    await page.getByLabel('Action').fill('directors.update')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/action=directors\.update/)
    await expect(page).toHaveURL(/project=shop/)
    // Actions and resources by the console's names for them, not the API's identifiers.
    const row = page.getByRole('row', { name: /Director updated/ }).first()
    await expect(row).toContainText('Director "api-origin"')
    await expect(row).not.toContainText('directors')
    const time = row.getByRole('time')
    await expect(time).toHaveText(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/)
    await expect(time).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
    await expect(time).toHaveAttribute('title', /^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d, .+ time$/)
    // The entry's link adds what no column says, its place in the list, and not the action or the actor,
    // which their own columns read with the row.
    await expect(row.getByRole('rowheader').getByRole('link')).toHaveAccessibleName(
      /^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d, entry \d+ of \d+$/,
    )
    await expect(page.getByText(/Times are local \(.+\)\./)).toHaveCount(1)
    expect(await seriousViolations(page)).toEqual([])

    // The filter survives a reload: the view can be shared.
    await page.reload()
    await expect(page.getByLabel('Action')).toHaveValue('directors.update')

    await time.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Audit entry' })).toBeVisible()
    await expect(page.getByText('Director updated', { exact: true })).toBeVisible()
    // Only what the change set, each field by its form's label, before and after; times in local time.
    const changes = page.getByRole('table', { name: /Fields the change set/ })
    const nameRow = changes.getByRole('row', { name: /^Display name/ })
    await expect(nameRow).toContainText('API origin (audited)')
    await expect(changes).not.toContainText('display_name')
    await expect(changes.getByRole('row', { name: /^Revision/ })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Director "api-origin"' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'Director "api-origin"' }).click()
    await expect(page).toHaveURL(/\/directors-detail\/api-origin\?project=shop/)
  })

  test('says at once that an entry does not exist, asking once', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/v0/audit/no-such-entry')) asked.push(request.url())
    })
    await page.goto('/audit-detail/no-such-entry?project=shop')
    await expect(page.getByText('There is no audit entry no-such-entry.')).toBeVisible()
    expect(asked).toHaveLength(1)
  })

  test('keeps the page it shows in the URL: a reload or a shared link opens that page', async ({ page, server }) => {
    // More entries than a page holds: tokens made through the API, each one audited.
    const run = Date.now().toString(36)
    for (let batch = 0; batch < 11; batch += 1)
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          fetch(`${server.baseURL}/api/auth/v0/tokens`, {
            method: 'POST',
            headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `paged-${run}-${batch}-${i}`, permissions: ['wadp.websites.list'] }),
          }).then((response) => expect(response.status).toBe(201)),
        ),
      )
    await page.goto('/audit?project=shop')
    await expect(page.getByText(/^Page 1 of [2-9]/)).toBeVisible()
    await page.getByRole('button', { name: 'Older' }).click()
    await expect(page.getByText(/^Page 2 of/)).toBeVisible()
    await expect(page).toHaveURL(/[?&]page=2/)
    await page.reload()
    await expect(page.getByText(/^Page 2 of/)).toBeVisible()
    await expect(page).toHaveURL(/[?&]page=2/)
  })

  test('refuses a time range that ends before it starts, on the field', async ({ page }) => {
    await page.goto('/audit')
    // Typed day-month-year on a 24-hour clock, as the log shows times, whatever the browser's locale.
    await page.getByLabel('From', { exact: true }).fill('11/24/2026 10:00 AM')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page.getByText(/must be a date and time such as 23-11-2026 14:05/)).toBeVisible()
    // The focus goes to the refused field, whose error is then read out with it.
    await expect(page.getByLabel('From', { exact: true })).toBeFocused()
    await page.getByLabel('From', { exact: true }).fill('24-11-2026 10:00')
    await page.getByLabel('To', { exact: true }).fill('23-11-2026 10:00:00')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page.getByText('must not be after to')).toBeVisible()
    await expect(page.getByLabel('From', { exact: true })).toBeFocused()
    await expect(page).not.toHaveURL(/from=/)
    await page.getByLabel('To', { exact: true }).fill('25-11-2026 18:30')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/from=2026-11-2/)
    await page.reload()
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('25-11-2026 18:30')
  })

  test('says a time range in the address that ends before it starts on its field, the form still usable', async ({
    page,
  }) => {
    // A shared or typed link, not the form: the URL's filters pass the same check before the log is asked for.
    await page.goto('/audit?from=2026-11-25T10%3A00%3A00.000Z&to=2026-11-24T10%3A00%3A00.000Z')
    const from = page.getByLabel('From', { exact: true })
    await expect(from).toHaveAccessibleDescription(/must not be after to/)
    await expect(page.getByText(/The filters in the address were not applied/)).toBeVisible()
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0)
    // Said without taking the focus, as the page opens.
    await expect(from).not.toBeFocused()
    // The form corrects it: the log is then shown with the range.
    await page.getByLabel('To', { exact: true }).fill('26-11-2026 18:30')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/to=2026-11-26/)
    await expect(page.getByText(/^Page 1 of/)).toBeVisible()
    await expect(from).not.toHaveAccessibleDescription(/must not be after to/)
  })

  test('restores a website’s previous version from the audit detail, and refuses a stale one with the reason', async ({
    page,
    server,
  }) => {
    const website = shopWebsite(server)
    const original = await website('GET')
    const renamed = await website('PATCH', { display_name: 'Renamed storefront' }, original.revision)
    expect(renamed.display_name).toBe('Renamed storefront')
    await page.goto('/audit?project=shop&action=websites.update&resource_type=websites')
    await page
      .getByRole('row', { name: /Website updated/ })
      .first()
      .getByRole('time')
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Audit entry' })).toBeVisible()

    // The action says what it puts back, and the values, before anything is opened.
    const restoreButton = page.getByRole('button', { name: 'Restore the state before this change' })
    await expect(restoreButton).toBeEnabled()
    await expect(page.getByText(/^Puts back Display name/)).toContainText(
      `Display name ${original.display_name ?? '—'} (now Renamed storefront)`,
    )

    // A change between the preview and the confirmation: refused, with the reason, nothing lost.
    await restoreButton.click()
    const dialog = page.getByRole('dialog', {
      name: /Restore Website "shop-example-com" to its state before this change/,
    })
    const nameRow = dialog.getByRole('row', { name: /^Display name/ })
    await expect(nameRow).toContainText('Renamed storefront')
    const meanwhile = await website('PATCH', { display_name: 'Changed meanwhile' }, renamed.revision)
    await dialog.getByRole('button', { name: 'Restore the state before this change' }).click()
    await expect(dialog.getByRole('alert')).toContainText(/Not restored: .*changed/)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect((await website('GET')).display_name).toBe('Changed meanwhile')

    // Opened again, it reads the current revision and puts the state back through the normal update.
    await restoreButton.click()
    await expect(nameRow).toContainText('Changed meanwhile')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Restore the state before this change' }).click()
    await expect(page.getByText(/Website "shop-example-com" is back to its state before this change/)).toBeVisible()
    const restored = await website('GET')
    expect(restored.display_name).toBe(original.display_name)
    expect(restored.revision).toBe(meanwhile.revision + 1)

    // That state is now the current one: nothing left to restore, and the page says why.
    await expect(restoreButton).toBeDisabled()
    await expect(page.getByText(/^Nothing to restore: Website "shop-example-com" already has the values/)).toBeVisible()
  })

  test("draws an entry before the Admin section's kit has come; its restore waits for it, disabled", async ({
    page,
    server,
  }) => {
    const website = shopWebsite(server)
    const original = await website('GET')
    const renamed = await website('PATCH', { display_name: 'Drawn early' }, original.revision)
    const release = await holdRequests(page, /\/assets\/admin-[^/]*\.js$/)
    await page.goto('/audit?project=shop&action=websites.update&resource_type=websites')
    await page
      .getByRole('row', { name: /Website updated/ })
      .first()
      .getByRole('time')
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Audit entry' })).toBeVisible()
    await expect(page.getByText('Drawn early').first()).toBeVisible()
    const restoreButton = page.getByRole('button', { name: 'Restore the state before this change' })
    await expect(restoreButton).toBeDisabled()
    await expect(page.getByText('Comparing with the current state…')).toBeVisible()
    release()
    await expect(restoreButton).toBeEnabled()
    await expect(page.getByText(/^Puts back Display name/)).toContainText('(now Drawn early)')
    await website('PATCH', { display_name: original.display_name ?? null }, renamed.revision)
  })
})
