import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { seriousViolations } from './support/axe.ts'
import { watchLayoutShifts } from './support/layout-shift.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

const requestsTotal = (page: Page) =>
  page.getByRole('region', { name: 'Totals over the range' }).getByRole('definition').first()

/** A chart is drawn once it comes near the viewport: scrolled to, as a reader would. */
async function expectDrawn(chart: Locator) {
  await chart.scrollIntoViewIfNeeded()
  await expect(chart.locator('canvas').first()).toBeVisible()
}

test.describe('statistics', () => {
  test('nothing moves on a phone as the numbers arrive', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 })
    const shifts = await watchLayoutShifts(page)
    await page.goto('/statistics?project=shop')
    // The automatic granularity names what it picked once the answer is there, and the websites arrive.
    await expect(page.getByRole('option', { name: /^Automatic \(/ })).toBeAttached()
    await expectDrawn(page.getByRole('region', { name: 'Requests', exact: true }))
    expect(await shifts()).toBeLessThan(0.01)
  })

  test('draws a chart further down only as it is scrolled to', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 })
    await page.goto('/statistics?project=shop&range=1h')
    await expectDrawn(page.getByRole('region', { name: 'Requests', exact: true }))
    // The last chart is four charts further down: nothing draws it while nobody scrolls.
    const security = page.getByRole('region', { name: 'Security events' })
    await page.waitForTimeout(1000)
    await expect(security.locator('canvas')).toHaveCount(0)
    await expectDrawn(security)
  })

  test('draws the charts with their tables, and a new range changes the URL and the numbers', async ({ page }) => {
    await page.goto('/statistics?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible()
    const requests = page.getByRole('region', { name: 'Requests', exact: true })
    await expect(requests.locator('canvas').first()).toBeVisible()
    for (const title of ['Bandwidth', 'Cache hit ratio', 'Status classes', 'Origin latency', 'Security events'])
      await expectDrawn(page.getByRole('region', { name: title }))

    // The numbers behind the chart, for screen readers and anyone else.
    await requests.getByText('Show the numbers as a table').click()
    const rows = requests.getByRole('table', { name: 'Requests' }).getByRole('row')
    // The table renders once the details open: more than 100 rows.
    await expect(rows.nth(100)).toBeAttached()
    await expect(requestsTotal(page)).toHaveText(/^\d{1,3}(,\d{3})+$/)
    const lastDay = await requestsTotal(page).textContent()

    await page.getByRole('button', { name: 'Last 7 days' }).click()
    await expect(page).toHaveURL(/[?&]range=7d/)
    await expect(requestsTotal(page)).not.toHaveText(lastDay ?? '')
    await expect(page.getByRole('combobox', { name: 'Granularity' })).toContainText('Automatic (hour)')

    // A shared link opens the same view.
    const shared = `${page.url()}&website=api-shop-example-com&group_by=country`
    await page.goto(shared)
    await expect(page.getByRole('combobox', { name: 'Website' })).toHaveValue('api-shop-example-com')
    await expectDrawn(page.getByRole('region', { name: 'Requests by country' }))
  })

  test('downloads a chart as CSV', async ({ page }) => {
    await page.goto('/statistics?project=shop&range=1h')
    const latency = page.getByRole('region', { name: 'Origin latency' })
    await expectDrawn(latency)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      latency.getByRole('link', { name: /Download CSV/ }).click(),
    ])
    expect(download.suggestedFilename()).toBe('statistics-latency.csv')
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n')
    expect(lines[0]).toBe('time,p50,p95')
    expect(lines.length).toBeGreaterThan(50)
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z,\d+(\.\d)?,\d+(\.\d)?$/)
  })

  test('refuses a custom range that ends before it starts, and keeps what was typed', async ({ page }) => {
    await page.goto('/statistics?project=shop')
    await expect(requestsTotal(page)).toHaveText(/\d/)
    await page.getByRole('button', { name: 'Custom' }).click()
    await expect(page).toHaveURL(/range=custom/)
    // Typed day-month-year on a 24-hour clock, whatever the browser's locale.
    await page.getByLabel('From', { exact: true }).fill('20-11-2026 10:00')
    await page.getByLabel('To', { exact: true }).fill('19-11-2026 10:00')
    await page.getByRole('button', { name: 'Apply range' }).click()
    const main = page.getByRole('main')
    const to = page.getByLabel('To', { exact: true })
    await expect(to).toHaveAccessibleDescription(/The end must be after the start\./)
    await expect(to).toHaveValue('19-11-2026 10:00')
    // The refused field takes the focus, as the forms do, its error read as its description, and only so:
    // no alert or live region says it a second time.
    await expect(to).toBeFocused()
    await expect(main.getByRole('alert')).toHaveCount(0)
    await expect(main.locator('[aria-live]').filter({ hasText: 'The end must be after the start.' })).toHaveCount(0)
    await page.getByLabel('To', { exact: true }).fill('11/21/2026 10:00 AM')
    await page.getByRole('button', { name: 'Apply range' }).click()
    await expect(to).toHaveAccessibleDescription(/day-month-year, 24-hour/)
    await page.getByLabel('To', { exact: true }).fill('21-11-2026 10:00')
    await page.getByRole('button', { name: 'Apply range' }).click()
    await expect(page).toHaveURL(/from=2026-11-20/)
    await expect(main.getByText(/\(day-month-year, 24-hour\)/)).toHaveCount(0)
    await expect(to).not.toHaveAttribute('aria-invalid', 'true')
  })

  test.describe('in a browser far east of UTC', () => {
    test.use({ timezoneId: 'Pacific/Kiritimati' })

    test('a custom range of one day typed by hand, From and To the same day, shows that local day', async ({
      page,
    }) => {
      await page.goto('/statistics?project=shop&range=custom')
      await page.getByLabel('From', { exact: true }).fill('29-11-2026')
      await page.getByLabel('To', { exact: true }).fill('29-11-2026')
      await page.getByLabel('To', { exact: true }).press('Enter')
      // 29 November in UTC+14, midnight to midnight.
      await expect
        .poll(() => {
          const search = new URL(page.url()).searchParams
          return [search.get('from'), search.get('to')]
        })
        .toEqual(['2026-11-28T10:00:00.000Z', '2026-11-29T10:00:00.000Z'])
      await expect(page.getByLabel('To', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
      await expect(requestsTotal(page)).toHaveText(/\d/)
    })
  })

  test.describe('in a browser on a clock that goes back an hour', () => {
    test.use({ timezoneId: 'America/Adak' })

    test('the hourly table tells the two 01:00 of the night the clocks go back apart', async ({ page }) => {
      await page.goto('/statistics?project=shop&range=custom&granularity=hour')
      await page.getByLabel('From', { exact: true }).fill('01-11-2026')
      await page.getByLabel('To', { exact: true }).fill('01-11-2026')
      await page.getByLabel('To', { exact: true }).press('Enter')
      const chart = page.getByRole('region', { name: 'Requests' })
      await chart.getByText('Show the numbers as a table').click()
      const times = chart.getByRole('table').getByRole('rowheader')
      // A day of 25 hours: 00:00, 01:00 summer time, 01:00 winter time, 02:00 … 23:00.
      await expect(times).toHaveCount(25)
      await expect(times.nth(0)).toHaveText('01-11-2026 00:00:00')
      await expect(times.nth(1)).toHaveText('01-11-2026 01:00:00 (UTC-09:00)')
      await expect(times.nth(2)).toHaveText('01-11-2026 01:00:00 (UTC-10:00)')
      await expect(times.nth(3)).toHaveText('01-11-2026 02:00:00')
    })
  })

  test('shows a slow query’s progress and cancels it', async ({ page }) => {
    // The platform holds the answer: the page must say it is working and let the user stop it.
    await page.route('**/api/stats/v0/queries', () => {})
    await page.goto('/statistics?project=shop&range=30d')
    const progress = page.getByRole('status').filter({ hasText: 'Querying the statistics' })
    await expect(progress).toBeVisible()
    await expect(progress).toContainText(/\d+ s/)
    await progress.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByText('The query was cancelled.')).toBeVisible()
    await page.unroute('**/api/stats/v0/queries')
    await page.getByRole('button', { name: 'Run it again' }).click()
    await expect(requestsTotal(page)).toHaveText(/\d/)
  })

  test('has no serious accessibility violation', async ({ page }) => {
    // The last hour: its table has the same cells as a day's, in 12 rows instead of 288, which axe's
    // contrast check would go through one by one (22.6 s of this test on a quiet machine).
    await page.goto('/statistics?project=shop&range=1h')
    const requests = page.getByRole('region', { name: 'Requests', exact: true })
    await expect(requests.locator('canvas').first()).toBeVisible()
    await requests.getByText('Show the numbers as a table').click()
    expect(await seriousViolations(page)).toEqual([])
  })
})
