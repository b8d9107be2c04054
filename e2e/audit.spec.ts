import { seriousViolations } from './support/axe.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

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
    const row = page.getByRole('row', { name: /directors\.update/ }).first()
    await expect(row).toContainText('Directors: api-origin')
    const time = row.getByRole('time')
    await expect(time).toHaveText(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/)
    await expect(time).toHaveAttribute('title', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
    expect(await seriousViolations(page)).toEqual([])

    // The filter survives a reload: the view can be shared.
    await page.reload()
    await expect(page.getByLabel('Action')).toHaveValue('directors.update')

    await time.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Audit entry' })).toBeVisible()
    const changes = page.getByRole('table', { name: /Fields before and after/ })
    const nameRow = changes.getByRole('row', { name: /display_name/ })
    await expect(nameRow).toContainText('changed')
    await expect(nameRow).toContainText('API origin (audited)')
    await expect(page.getByRole('link', { name: 'directors api-origin' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'directors api-origin' }).click()
    await expect(page).toHaveURL(/\/directors-detail\/api-origin\?project=shop/)
  })

  test('refuses a time range that ends before it starts, on the field', async ({ page }) => {
    await page.goto('/audit')
    await page.getByLabel('From', { exact: true }).fill('2026-11-24T10:00:00')
    await page.getByLabel('To', { exact: true }).fill('2026-11-23T10:00:00')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page.getByText('must not be after to')).toBeVisible()
    await expect(page).not.toHaveURL(/from=/)
  })

  test('restores a website’s previous version from the audit detail, and refuses a stale one with the reason', async ({
    page,
    server,
  }) => {
    const website = (method: string, body?: unknown, revision?: number) =>
      fetch(`${server.baseURL}/api/core/v0/projects/shop/websites/shop-example-com`, {
        method,
        headers: {
          authorization: `Bearer ${server.adminToken}`,
          'content-type': 'application/json',
          ...(revision === undefined ? {} : { 'if-match': `"${revision}"` }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (response) => (await response.json()).data)
    const original = await website('GET')
    const renamed = await website('PATCH', { display_name: 'Renamed storefront' }, original.revision)
    expect(renamed.display_name).toBe('Renamed storefront')
    await page.goto('/audit?project=shop&action=websites.update&resource_type=websites')
    await page
      .getByRole('row', { name: /websites\.update/ })
      .first()
      .getByRole('time')
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Audit entry' })).toBeVisible()

    // A change between the preview and the confirmation: refused, with the reason, nothing lost.
    await page.getByRole('button', { name: 'Restore this version' }).click()
    const dialog = page.getByRole('dialog', { name: /Restore this version of websites shop-example-com/ })
    await expect(dialog.getByRole('row', { name: /display_name/ })).toContainText('changed')
    const meanwhile = await website('PATCH', { display_name: 'Changed meanwhile' }, renamed.revision)
    await dialog.getByRole('button', { name: 'Restore this version' }).click()
    await expect(dialog.getByRole('alert')).toContainText(/Not restored: .*changed/)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect((await website('GET')).display_name).toBe('Changed meanwhile')

    // Opened again, it reads the current revision and puts the version back through the normal update.
    await page.getByRole('button', { name: 'Restore this version' }).click()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Restore this version' }).click()
    await expect(page.getByText(/shop-example-com: this version is back/)).toBeVisible()
    const restored = await website('GET')
    expect(restored.display_name).toBe(original.display_name)
    expect(restored.revision).toBe(meanwhile.revision + 1)
  })
})
