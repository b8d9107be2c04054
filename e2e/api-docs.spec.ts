import type { Page } from '@playwright/test'
import { seriousViolations } from './support/axe.ts'
import { holdRequests } from './support/hold.ts'
import { watchLayoutShifts } from './support/layout-shift.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

const PROJECT = 'shop'

/** An operation's collapsible section, by its deep-link id (service and operationId). */
const operation = (page: Page, id: string) => page.locator(`details#${id}`)

test.describe('API docs', () => {
  test('an arriving document adds to the bottom of the page: nothing above it moves', async ({ page }) => {
    // The first document is held until the others have arrived: each then waits for the one above it.
    const release = await holdRequests(page, '**/api/auth/v0/openapi.json')
    const shifts = await watchLayoutShifts(page)
    await page.goto(`/api-docs?project=${PROJECT}`)
    // The other four have arrived and wait for it.
    await expect(page.getByText(/· loading 1 of 5 API documents…$/)).toBeVisible()
    await expect(page.getByRole('region', { name: /service/ })).toHaveCount(0)
    release()
    await expect(page.getByRole('region', { name: /service/ })).toHaveCount(5)
    await expect(page.getByText(/API documents…$/)).toHaveCount(0)
    expect(await shifts()).toBeLessThan(0.01)
  })

  test('a document that failed to load comes with a retry that loads it, the other services shown meanwhile', async ({
    page,
  }) => {
    // A failure other than the platform being unavailable: asked once more, then shown.
    let failing = true
    await page.route('**/api/stats/v0/openapi.json', async (route) => {
      if (!failing) return route.continue()
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"The document broke."}' })
    })
    await page.goto(`/api-docs?project=${PROJECT}`)
    const stats = page.getByRole('region', { name: /^stats service/ })
    await expect(stats.getByRole('alert')).toContainText(
      'The stats API document could not be loaded: The document broke.',
    )
    await expect(page.getByRole('region', { name: /^core service/ }).getByText('List websites')).toBeVisible()
    failing = false
    await stats.getByRole('button', { name: 'Retry' }).click()
    await expect(stats.getByRole('alert')).toHaveCount(0)
    await expect(stats.locator('details').first()).toBeVisible()
  })

  test('lists the websites operations of the core service with their permissions', async ({ page }) => {
    await page.goto(`/api-docs?project=${PROJECT}`)
    await expect(page.getByRole('heading', { level: 1, name: 'API Docs' })).toBeVisible()
    const core = page.getByRole('region', { name: /^core service/ })
    await expect(core.getByRole('heading', { level: 3, name: 'websites' })).toBeVisible()
    for (const summary of [
      'List websites',
      'Create a website',
      'Get a website',
      'Replace a website',
      'Delete a website',
    ]) {
      await expect(core.getByText(summary, { exact: true })).toBeVisible()
    }
    await expect(core.getByText('wadp.websites.create', { exact: true })).toBeVisible()

    // The filter narrows every service to what matches; a fresh word brings the rest back.
    await page.getByLabel('Filter operations').fill('directors delete')
    await expect(core.getByText('Delete a director', { exact: true })).toBeVisible()
    await expect(core.getByText('List websites', { exact: true })).toHaveCount(0)
    await expect(page.getByText('1 operation match')).toBeVisible()
    await page.getByLabel('Filter operations').fill('')

    // An operation opens from the keyboard and documents its body field by field.
    const create = operation(page, 'core-postProjectsWebsites')
    await create.locator('summary').focus()
    await page.keyboard.press('Enter')
    const body = create.getByRole('heading', { name: 'Request body' }).locator('..')
    await expect(body.getByText('domain_name', { exact: true })).toBeVisible()
    await expect(body.getByText('The main host name it answers for, such as shop.example.com')).toBeVisible()
    await expect(create.getByText('Permission: wadp.websites.create.')).toBeVisible()
  })

  test('"Try it" lists the project’s websites with the session’s token', async ({ page, server }) => {
    await page.goto(`/api-docs?project=${PROJECT}`)
    const list = operation(page, 'core-getProjectsWebsites')
    await list.locator('summary').click()
    await expect(list.getByLabel('{project}')).toHaveValue(PROJECT)

    const sent = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `/api/core/v0/projects/${PROJECT}/websites`,
    )
    await list.getByRole('button', { name: 'Send request' }).click()
    const request = await sent
    expect(request.headers().authorization).toBe(`Bearer ${server.adminToken}`)
    await expect(list.getByText('200 OK', { exact: true })).toBeVisible()
    const answer = list.getByRole('region', { name: 'Response body' })
    await expect(answer).toContainText('"name": "shop-example-com"')
    await expect(answer).toContainText('"display_name": "Shop storefront"')
  })

  test('opens the operation a link names', async ({ page }) => {
    await page.goto(`/api-docs?project=${PROJECT}#core-getProjectsWebsites`)
    const list = operation(page, 'core-getProjectsWebsites')
    await expect(list).toHaveAttribute('open', '')
    await expect(list.getByRole('button', { name: 'Send request' })).toBeVisible()
  })

  test('has no serious accessibility violation, an operation open', async ({ page }) => {
    await page.goto(`/api-docs?project=${PROJECT}`)
    await expect(page.getByRole('heading', { level: 3, name: 'websites' })).toBeVisible()
    // Narrowed to the websites operations, every method among them: the checks of the hundred other
    // operations' rows, drawn alike, took axe's contrast rule 7 s (docs/benchmarks.md, "CI on a busy machine").
    await page.getByLabel('Filter operations').fill('websites')
    await expect(page.getByRole('heading', { level: 3, name: 'directors' })).toBeHidden()
    const list = operation(page, 'core-getProjectsWebsites')
    await list.locator('summary').click()
    await list.getByRole('button', { name: 'Send request' }).click()
    await expect(list.getByRole('region', { name: 'Response body' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})
