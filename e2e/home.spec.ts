import { signIn } from './pages/console.ts'
import { seriousViolations } from './support/axe.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

test.describe('home', () => {
  // Every test of this group starts signed in as the admin, from the worker's stored session.
  startSignedInAsAdmin()

  test('is the project overview: sync, counts with links, certificates and the last changes', async ({
    page,
    server,
  }) => {
    await page.goto('/home?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Shop' })).toBeVisible()

    // The traffic chart draws after the page (SVG, without a charting library), with its numbers as a
    // table for screen readers.
    const traffic = page.getByRole('region', { name: 'Traffic, last 24 hours' })
    await expect(traffic.getByText(/requests, [\d.]+ % from cache/)).toBeVisible()
    const requests = traffic.getByRole('region', { name: 'Requests', exact: true })
    await expect(requests.getByRole('img', { name: /^Requests: chart of \d+ points/ })).toBeVisible()
    await expect(requests.locator('polyline').first()).toBeVisible()
    await requests.getByText('Show the numbers as a table').click()
    // The table renders once the details open: a header and a row per hour, with the hour under way and
    // the part of the oldest one within the 24 hours (none on the hour).
    await expect
      .poll(() => requests.getByRole('table', { name: 'Requests' }).getByRole('row').count())
      .toBeGreaterThanOrEqual(25)

    const sync = page.getByRole('region', { name: 'Configuration sync' })
    await expect(sync.getByText(/\d+ of \d+ nodes up to date/)).toBeVisible({ timeout: 15_000 })

    const counts = page.getByRole('region', { name: 'Configuration counts' })
    await expect(counts.getByRole('link', { name: 'Directors' })).toBeVisible()
    const certificates = page.getByRole('region', { name: 'Certificates needing attention' })
    await expect(certificates.getByText('The LE certificate is valid.')).toBeVisible()

    // A change shows first among the last changes, and its link leads to it.
    const director = `home-${Date.now().toString(36)}`
    const created = await fetch(`${server.baseURL}/api/core/v0/projects/shop/directors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: director, backends: [{ host: 'home.example.com', port: 443 }] }),
    })
    expect(created.status).toBe(201)
    await page.reload()
    // For an admin the last changes come from the audit log, each leading to its entry.
    const recent = page.getByRole('region', { name: 'Last changes' })
    await expect(recent.getByRole('listitem').first()).toContainText(director)
    expect(await seriousViolations(page)).toEqual([])
    // Each change in words, not the API's action identifier; the page says which time zone its times are in.
    await expect(recent).not.toContainText('directors.create')
    await expect(page.getByText(/^Times are local \(.+\)\.$/)).toBeVisible()
    await recent.getByRole('listitem').first().getByRole('link', { name: 'Director created' }).click()
    await expect(page).toHaveURL(/\/audit-detail\//)
    await expect(page.getByRole('link', { name: `Director "${director}"` })).toBeVisible()

    await page.goto('/home?project=shop')
    await counts.getByRole('link', { name: 'IP Lists' }).click()
    await expect(page).toHaveURL(/\/ipLists\?project=shop/)
  })

  test("counts the traffic of Statistics' last 24 hours, the hour under way included", async ({ page, server }) => {
    // The page's clock at 37 minutes and 30 seconds past an hour, two hours ago: every minute it counts has
    // ended for the server, and the test does not depend on when it runs.
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000
    await page.clock.setFixedTime(new Date(hour + 37 * 60_000 + 30_000))
    const end = hour + 37 * 60_000
    // What Statistics' "Last 24 hours" asks at that time: the 24 hours up to the last whole minute.
    const response = await fetch(`${server.baseURL}/api/stats/v0/queries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        project: 'shop',
        from: new Date(end - 86_400_000).toISOString(),
        to: new Date(end).toISOString(),
        metrics: ['requests'],
      }),
    })
    expect(response.status).toBe(200)
    const expected = ((await response.json()) as { data: { totals: { requests: number } } }).data.totals.requests
    expect(expected).toBeGreaterThan(1000)

    await page.goto('/home?project=shop')
    const traffic = page.getByRole('region', { name: 'Traffic, last 24 hours' })
    const line = traffic.getByText(/^[\d,]+ requests, /)
    await expect(line).toBeVisible()
    const shown = Number((await line.innerText()).split(' ')[0]?.replaceAll(',', ''))
    // The same range: equal but for the rounding of each part's sums (Home asks three parts of it; a few
    // dozen requests in 65 million, measured), where a range an hour off is thousands of times that.
    expect(Math.abs(shown - expected)).toBeLessThanOrEqual(Math.max(10, expected / 100_000))
    // Where the range starts and ends is said under the totals.
    await expect(
      traffic.getByText(
        /^From \d\d-\d\d-\d{4} \d\d:37 to \d\d-\d\d-\d{4} \d\d:37, by the hour: the first and last points are parts of their hours\.$/,
      ),
    ).toBeVisible()
    // 23 whole hours, the part of the oldest hour from :37, and the hour under way up to :37.
    const requests = traffic.getByRole('region', { name: 'Requests', exact: true })
    await requests.getByText('Show the numbers as a table').click()
    await expect(requests.getByRole('table', { name: 'Requests' }).getByRole('row')).toHaveCount(26)
  })
})

test.describe('home on a first sign-in', () => {
  test('opens a project with traffic, and a project without says so inside each chart', async ({ page, server }) => {
    // A fresh browser: no project chosen before, so the console opens the first the user reaches.
    await signIn(page, server.adminToken)
    const traffic = page.getByRole('region', { name: 'Traffic, last 24 hours' })
    const requests = traffic.getByRole('region', { name: 'Requests', exact: true })
    await expect(traffic.getByText(/^[1-9][\d,]* requests, /)).toBeVisible()
    await expect(requests.locator('polyline').first()).toBeVisible()
    await expect(requests.getByText('No requests in this period')).toHaveCount(0)

    await page.goto('/home?project=shop-staging')
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Shop (staging)' })).toBeVisible()
    await expect(requests.getByText('No requests in this period')).toBeVisible()
    await expect(requests.getByRole('img')).toHaveCount(0)
    await expect(traffic.getByRole('region', { name: 'Cache hit ratio' })).toContainText('No cache hits in this period')
    await expect(traffic.getByRole('region', { name: 'Blocked requests' })).toContainText(
      'No blocked or challenged requests in this period',
    )
  })
})

test.describe('home as a viewer', () => {
  test('shows only the panels a viewer may see', async ({ page, server }) => {
    const { createToken } = await import('./support/api.ts')
    const token = await createToken(server, {
      owner: 'viewer@example.com',
      permissions: ['wadp.projects.get', 'wadp.directors.list'],
    })
    await signIn(page, token)
    await page.goto('/home?project=shop')
    const counts = page.getByRole('region', { name: 'Configuration counts' })
    await expect(counts.getByRole('link', { name: 'Directors' })).toBeVisible()
    await expect(counts.getByRole('link', { name: 'Websites' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Certificates needing attention' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Traffic, last 24 hours' })).toHaveCount(0)
    // Without the audit log, the last changes are the resources' own, each leading to it.
    const recent = page.getByRole('region', { name: 'Last changes' })
    await recent.getByRole('link').first().click()
    await expect(page).toHaveURL(/\/directors-detail\//)
  })
})
