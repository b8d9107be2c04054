import { signIn } from './pages/console.ts'
import { createToken } from './support/api.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

const PROJECT = 'shop'

test.describe('LE certificates', () => {
  // Every test of this group starts signed in as the admin, from the worker's stored session.
  startSignedInAsAdmin()

  test('creates a certificate through its form and follows it from pending to active without a reload', async ({
    page,
  }) => {
    await page.goto(`/managed-certificates?project=${PROJECT}`)
    await expect(page.getByRole('link', { name: 'storefront-cert', exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Add LE certificate' }).click()
    await page.getByLabel('Name', { exact: true }).fill('e2e-api-cert')
    await page.getByRole('button', { name: 'Add domain' }).click()
    await page.getByRole('textbox', { name: 'Domain 1' }).fill('api.shop.example.com')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/managed-certificates-detail\/e2e-api-cert\?project=shop$/)
    // No edit page: the detail offers renewal instead.
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
    await expect(page.getByText('Being issued')).toBeVisible()
    // One of the order's two steps (WADP_ACME_STEP_MS each), whichever the page shows first on a busy machine.
    await expect(page.getByText(/^(Pending validation|Issuing)$/).first()).toBeVisible()
    // The server moves it on; the page follows by itself.
    await expect(page.getByText('Active').first()).toBeVisible({ timeout: 15_000 })
    await expect(page.getByText("Let's Encrypt E6")).toBeVisible()

    await page.getByRole('button', { name: 'Renew now' }).click()
    const dialog = page.getByRole('dialog', { name: 'Renew this certificate now?' })
    await expect(dialog).toContainText('api.shop.example.com')
    await dialog.getByRole('button', { name: 'Renew now' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Renewing').first()).toBeVisible()
    await expect(page.getByText('Active').first()).toBeVisible({ timeout: 15_000 })

    await page.getByRole('button', { name: 'Turn auto-renew off' }).click()
    await expect(page.getByRole('button', { name: 'Turn auto-renew on' })).toBeVisible()
  })

  test('shows a failed certificate in the list, in words, with its error on the detail', async ({ page }) => {
    await page.goto(`/managed-certificates-add?project=${PROJECT}`)
    await page.getByLabel('Name', { exact: true }).fill('e2e-stray-cert')
    await page.getByRole('button', { name: 'Add domain' }).click()
    await page.getByRole('textbox', { name: 'Domain 1' }).fill('stray.example.org')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(
      page.getByText('stray.example.org is served by no website of this project', { exact: false }),
    ).toBeVisible({
      timeout: 15_000,
    })
    await page.goto(`/managed-certificates?project=${PROJECT}`)
    const row = page.getByRole('row', { name: /e2e-stray-cert/ })
    await expect(row.getByText('Failed').first()).toBeVisible()
  })
})

test.describe('LE certificates as a viewer', () => {
  test('a viewer sees certificates without Add, Renew, auto-renew or Delete', async ({ page, server }) => {
    const token = await createToken(server, {
      owner: 'viewer@example.com',
      permissions: ['wadp.projects.get', 'wadp.le-cert.list', 'wadp.le-cert.get'],
    })
    await signIn(page, token)
    await page.goto(`/managed-certificates?project=${PROJECT}`)
    await expect(page.getByRole('link', { name: 'storefront-cert', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add LE certificate' })).toHaveCount(0)
    await page.getByRole('link', { name: 'storefront-cert', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Storefront certificate' })).toBeVisible()
    for (const name of ['Renew now', 'Delete', /auto-renew/])
      await expect(page.getByRole('button', { name })).toHaveCount(0)
    // The add page typed into the address bar refuses, in words as said ('a LE certificate' before).
    await page.goto(`/managed-certificates-add?project=${PROJECT}`)
    await expect(
      page.getByText('You do not have permission to add an LE certificate in this project.', { exact: true }),
    ).toBeVisible()
  })
})
