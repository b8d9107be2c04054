import { signIn } from './pages/console.ts'
import { seriousViolations } from './support/axe.ts'
import { expect, test } from './support/server.ts'

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

    await signIn(page, server.adminToken)
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

  test('refuses a time range that ends before it starts, on the field', async ({ page, server }) => {
    await signIn(page, server.adminToken)
    await page.goto('/audit')
    await page.getByLabel('From', { exact: true }).fill('2026-11-24T10:00:00')
    await page.getByLabel('To', { exact: true }).fill('2026-11-23T10:00:00')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page.getByText('must not be after to')).toBeVisible()
    await expect(page).not.toHaveURL(/from=/)
  })
})
