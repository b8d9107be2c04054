import { seriousViolations } from './support/axe.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

const PROJECT = 'shop'

test.describe('invalidation', () => {
  test('purges a URL, follows it on every node, and lists it to purge again', async ({ page }) => {
    await page.goto(`/invalidation?project=${PROJECT}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Invalidation' })).toBeVisible()
    await expect(page.getByText('No invalidation yet in this project.')).toBeVisible()

    // A target outside the project is refused on its line, and what was typed stays.
    const targets = page.getByLabel('Targets, one per line')
    await targets.fill('https://shop.example.com/index.html\nhttps://evil.example.net/x')
    await page.getByRole('button', { name: 'Invalidate', exact: true }).click()
    await expect(page.getByText('line 2: evil.example.net is not a domain of this project')).toBeVisible()
    await expect(targets).toHaveValue('https://shop.example.com/index.html\nhttps://evil.example.net/x')
    // The focus went to the refused field, whose error is read out with it.
    await expect(targets).toBeFocused()

    // Sent from the keyboard, the button keeps the focus through its busy 'Invalidating…' and after.
    await targets.fill('https://shop.example.com/index.html')
    const invalidate = page.getByRole('button', { name: 'Invalidate', exact: true })
    await invalidate.focus()
    await page.keyboard.press('Enter')
    const last = page.getByRole('region', { name: /Last request/ })
    await expect(last.getByRole('table', { name: 'Nodes of the last request' })).toBeVisible()
    await expect(invalidate).toBeFocused()
    await expect(last.getByRole('heading', { name: /Completed/ })).toBeVisible({ timeout: 15_000 })
    const nodes = last.getByRole('row').filter({ has: page.getByRole('rowheader') })
    const count = await nodes.count()
    expect(count).toBeGreaterThan(5)
    await expect(last.getByText(`${count} of ${count} nodes done.`)).toBeVisible()
    // Only the count is live: a screen reader is told the progress, not the whole table at each node.
    await expect(last.getByText(`${count} of ${count} nodes done.`)).toHaveAttribute('aria-live', 'polite')
    await expect(last.locator('[aria-live]')).toHaveCount(1)
    await expect(page.locator('[aria-live]').filter({ has: last.getByRole('table') })).toHaveCount(0)
    await expect(last.getByRole('img', { name: 'France' }).first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    // The recent list holds it; its nodes open on demand, and it can go again.
    const recent = page.getByRole('region', { name: 'Recent invalidations' })
    await expect(recent.getByText('URL https://shop.example.com/index.html')).toBeVisible()
    await recent
      .getByRole('button', { name: /Show nodes/ })
      .first()
      .click()
    await expect(recent.getByRole('table')).toBeVisible()
    await recent
      .getByRole('button', { name: /Purge again/ })
      .first()
      .click()
    await expect(recent.getByText('URL https://shop.example.com/index.html')).toHaveCount(2)
  })

  test('an invalidation whose follow-up lost track is shown as it ends once the list sees it', async ({ page }) => {
    await page.goto(`/invalidation?project=${PROJECT}`)
    // The platform fails every read of the one invalidation (its list still answers): the follow-up gives up.
    await page.route(/\/api\/purge\/v0\/projects\/shop\/purge\/[^/?]+$/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","errors":[]}' }),
    )
    await page.getByLabel('Targets, one per line').fill('https://shop.example.com/lost-track.html')
    await page.getByRole('button', { name: 'Invalidate', exact: true }).click()
    await expect(
      page.getByText('The invalidation was sent, but its progress could not be read. It is in the list below.'),
    ).toBeVisible({ timeout: 15_000 })
    const last = page.getByRole('region', { name: /Last request/ })
    // The list, read again every second while anything in it is under way, sees it end: so do both.
    await expect(last.getByRole('heading', { name: /Completed/ })).toBeVisible({ timeout: 15_000 })
    const row = page
      .getByRole('region', { name: 'Recent invalidations' })
      .getByRole('listitem')
      .filter({ hasText: 'lost-track.html' })
    await expect(row.getByText('Completed')).toBeVisible()
  })

  test('asks before purging everything, naming the project', async ({ page }) => {
    await page.goto(`/invalidation?project=${PROJECT}`)
    await expect(page.getByRole('heading', { name: 'Recent invalidations' })).toBeVisible()
    await page.getByRole('radio', { name: /^All/ }).check()
    await expect(page.getByLabel('Targets, one per line')).toHaveCount(0)
    await page.getByRole('button', { name: 'Invalidate everything' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invalidate everything?' })
    await expect(dialog).toContainText(`Every cached response of project ${PROJECT} goes from every node.`)
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    const recent = page.getByRole('region', { name: 'Recent invalidations' })
    await expect(recent.getByText('Everything')).toHaveCount(0)
    await page.getByRole('button', { name: 'Invalidate everything' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Invalidate everything' }).click()
    await expect(recent.getByText('Everything')).toBeVisible()
  })
})
