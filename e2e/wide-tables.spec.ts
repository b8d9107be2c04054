import type { Locator, Page } from '@playwright/test'
import { createToken } from './support/api.ts'
import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

// Issue 25: at 1440 px the lists of LE certificates and API tokens hid their actions and cut their dates
// short, while an empty "Attention" column took room.
startSignedInAsAdmin()
test.use({ viewport: { width: 1440, height: 900 } })

async function api(server: PlatformServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } }
}

/** The page itself never scrolls sideways: a wide table scrolls inside its own box. */
async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
}

/** The table's scroll box: the element around the table that scrolls. */
const scrollBoxOf = (table: Locator) => table.locator('xpath=..')

async function expectInBox(element: Locator, box: Locator) {
  const [inner, outer] = [await element.boundingBox(), await box.boundingBox()]
  expect(inner && outer).toBeTruthy()
  if (!inner || !outer) return
  expect(inner.x).toBeGreaterThanOrEqual(outer.x - 1)
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 1)
}

test.describe('wide tables at 1440 × 900', () => {
  test('keep the API tokens’ names and actions in view, scroll inside themselves, and show every date whole', async ({
    page,
    server,
  }) => {
    for (let index = 0; index < 3; index += 1) {
      await createToken(server, { owner: 'operator@example.com', permissions: ['wadp.websites.list'] })
    }
    await page.goto('/tokens')
    const table = page.getByRole('table', { name: 'Tokens' })
    await expect(table.getByRole('rowheader').first()).toBeVisible()
    const box = scrollBoxOf(table)

    expect(await pageScrollsSideways(page)).toBe(false)
    // Wider than its box: it scrolls sideways inside it.
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)

    const row = table.getByRole('row').nth(1)
    const name = row.getByRole('rowheader')
    const remove = row.getByRole('button', { name: /^Delete token / })
    await expect(remove).toBeInViewport()
    await expectInBox(remove, box)
    // Clickable: nothing covers it (a trial click checks the point it would click).
    await remove.click({ trial: true })

    // Scrolled to its far end and back, the name and the actions stay in view.
    await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
    await expectInBox(name, box)
    await expectInBox(remove, box)
    await remove.click({ trial: true })
    await row.getByRole('link', { name: /^Edit / }).click({ trial: true })

    // Dates are never cut short: each "Expires" and "Updated" cell shows its whole text.
    const cut = await table.evaluate((element) =>
      [...element.querySelectorAll('td')]
        .filter((cell) => /\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/.test(cell.textContent ?? ''))
        .filter((cell) => cell.scrollWidth > cell.clientWidth)
        .map((cell) => cell.textContent),
    )
    expect(cut).toEqual([])
    expect(await pageScrollsSideways(page)).toBe(false)
  })

  test('leave out a column empty in every row, and show it again once a row has something in it', async ({
    page,
    server,
  }) => {
    const created = await api(server, 'POST', '/api/acme/v0/projects/media/le-cert', {
      name: 'e2e-news-cert',
      domains: ['news.example.com'],
    })
    expect(created.status).toBe(201)
    // Issued in two steps of WADP_ACME_STEP_MS: once active, far from its expiry, it needs no attention.
    await expect
      .poll(
        async () => (await api(server, 'GET', '/api/acme/v0/projects/media/le-cert/e2e-news-cert')).body.data.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('active')
    await page.goto('/managed-certificates?project=media')
    const table = page.getByRole('table', { name: 'LE Certificates' })
    await expect(table.getByRole('link', { name: 'e2e-news-cert' })).toBeVisible()
    await expect(table.getByRole('columnheader', { name: 'Expires' })).toBeVisible()
    await expect(table.getByRole('columnheader', { name: 'Attention' })).toHaveCount(0)
    const remove = table.getByRole('button', { name: 'Delete LE certificate e2e-news-cert' })
    await expect(remove).toBeInViewport()
    await remove.click({ trial: true })
    expect(await pageScrollsSideways(page)).toBe(false)

    // A certificate for a domain no website serves fails: now a row needs attention, and the column shows.
    await api(server, 'POST', '/api/acme/v0/projects/media/le-cert', {
      name: 'e2e-stray',
      domains: ['stray.example.org'],
    })
    await page.reload()
    await expect(table.getByRole('columnheader', { name: 'Attention' })).toBeVisible()
    await expect(table.getByRole('row', { name: /e2e-stray/ })).toContainText(/Being issued|Failed/)
  })
})
