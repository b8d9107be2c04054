import { choose } from './pages/console.ts'
import { seriousViolations } from './support/axe.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

test.describe('tenancy administration', () => {
  test('creates an organization, a customer and a project through the forms, then opens the project', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36)

    await page.goto('/admin/organizations-add?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Add organization' })).toBeVisible()
    await page.getByLabel('Name', { exact: true }).fill(`initech-${suffix}`)
    await page.getByLabel('Display name').fill('Initech')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/admin\?project=shop/)

    await page.goto('/admin/customers-add?project=shop')
    await page.getByLabel('Name', { exact: true }).fill(`initech-tps-${suffix}`)
    await choose(page, 'Organization', new RegExp(`initech-${suffix}`))
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/admin\?project=shop/)

    await page.goto('/admin/projects-add?project=shop')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('Name', { exact: true }).fill(`tps-reports-${suffix}`)
    await page.getByLabel('Display name').fill('TPS Reports')
    await choose(page, 'Customer', new RegExp(`initech-tps-${suffix}`))
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/projects-detail/tps-reports-${suffix}\\?project=shop`))
    expect(await seriousViolations(page)).toEqual([])

    // The list has it, with its customer.
    await page.goto(`/admin?project=shop&q=tps-reports-${suffix}`)
    await expect(page.getByRole('row', { name: new RegExp(`tps-reports-${suffix}`) })).toContainText(
      `initech-tps-${suffix}`,
    )
    expect(await seriousViolations(page)).toEqual([])
    // Filtered by its organization (through its customer), the list holds it alone.
    await page.goto('/admin?project=shop')
    await choose(page, 'Filter by organization', /Initech/)
    await expect(page).toHaveURL(new RegExp(`organization=initech-${suffix}`))
    const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') })
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(`tps-reports-${suffix}`)
    await expect(rows.first()).toContainText(`initech-${suffix}`)
    // A project is deleted only from /management, after its name is typed again.
    await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0)

    await page.goto(`/admin/projects-detail/tps-reports-${suffix}?project=shop`)
    await expect(page.getByRole('link', { name: 'Open this project' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0)
    await page.getByRole('link', { name: 'Open this project' }).click()
    await expect(page).toHaveURL(new RegExp(`/home\\?project=tps-reports-${suffix}`))
    await expect(page.getByRole('heading', { level: 1, name: 'TPS Reports' })).toBeVisible()
  })

  test('refuses a malformed project name on its field, keeping what was typed', async ({ page }) => {
    await page.goto('/admin/projects-add?project=shop')
    await page.getByLabel('Name', { exact: true }).fill('Not A Slug')
    await page.getByRole('button', { name: 'Save' }).click()
    const name = page.getByLabel('Name', { exact: true })
    await expect(name).toHaveValue('Not A Slug')
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL(/\/admin\/projects-add/)
  })
})
