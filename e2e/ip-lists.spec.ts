import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

const PROJECT = 'shop'

async function stored(server: PlatformServer, name: string) {
  const response = await fetch(`${server.baseURL}/api/core/v0/projects/${PROJECT}/iplists/${name}`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  })
  return ((await response.json()) as { data: Record<string, unknown> }).data
}

test.describe('IP lists', () => {
  test('creates an IP list through its form, with an entry refused until it is an address', async ({
    page,
    server,
  }) => {
    await page.goto(`/ipLists?project=${PROJECT}`)
    await expect(page.getByRole('link', { name: 'office-network', exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Add IP list' }).click()
    await expect(page).toHaveURL(/\/iplists-add\?project=shop$/)
    await page.getByLabel('Name', { exact: true }).fill('e2e-partners')
    await page.getByLabel('Description').fill('Partner networks')
    await page.getByRole('button', { name: 'Add entry' }).click()
    await page.getByLabel('Address or network of entry 1', { exact: true }).fill('192.0.2.77/24')
    await page.getByLabel('Comment of entry 1', { exact: true }).fill('Partner A')
    await page.getByRole('button', { name: 'Add entry' }).click()
    await page.getByLabel('Address or network of entry 2').fill('10.0.0.999')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('must be an IPv4 or IPv6 address, optionally with a /prefix').first()).toBeVisible()
    await page.getByLabel('Address or network of entry 2').fill('2001:DB8::1')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/iplist-detail\/e2e-partners\?project=shop$/)
    expect(await stored(server, 'e2e-partners')).toMatchObject({
      description: 'Partner networks',
      entry_count: 2,
      entries: [
        { cidr: '192.0.2.0/24', comment: 'Partner A', negated: false },
        { cidr: '2001:db8::1', negated: false },
      ],
    })
  })

  test('pastes 1,000 addresses with 3 bad lines and reports them; the detail counts the entries', async ({
    page,
    server,
  }) => {
    await page.goto(`/iplist-detail/office-network?project=${PROJECT}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Office network' })).toBeVisible()
    // Who uses the list, as links to their pages.
    await expect(page.getByRole('link', { name: 'login-throttle' })).toHaveAttribute(
      'href',
      /\/rate-limits-detail\/login-throttle/,
    )
    await expect(page.getByRole('link', { name: 'storefront-challenge' })).toBeVisible()

    const lines = Array.from({ length: 997 }, (_, i) => `10.20.${i >> 8}.${i & 255}`)
    lines.splice(100, 0, '10.20.0.999')
    lines.splice(500, 0, 'not an address')
    lines.splice(900, 0, '2001:db8::g')
    await page.getByRole('button', { name: 'Paste addresses' }).click()
    const dialog = page.getByRole('dialog', { name: 'Paste addresses into Office network' })
    await dialog.getByLabel('Addresses, one per line').fill(lines.join('\n'))
    await expect(dialog.getByText(/1,000 lines\./)).toBeVisible()
    await dialog.getByRole('button', { name: 'Import' }).click()

    const report = page.getByRole('dialog', { name: 'Addresses pasted into Office network' })
    await expect(
      report.getByText('997 entries added, 0 duplicates left out, 3 invalid lines. The list now holds 1,001 entries.'),
    ).toBeVisible()
    await expect(report.getByText('Line 101:')).toBeVisible()
    await expect(report.getByText('Line 501:')).toBeVisible()
    await expect(report.getByText('Line 901:')).toBeVisible()
    await expect(report.getByText('not an address')).toBeVisible()
    await report.getByRole('button', { name: 'Done' }).click()
    await expect(report).toBeHidden()

    // The detail shows the new count at once, and the entries in a table that renders only what is in view.
    const entries = page.getByRole('table', { name: 'Entries' })
    await expect(entries).toHaveAttribute('aria-rowcount', '1002')
    expect(await entries.getByRole('row').count()).toBeLessThan(60)
    expect((await stored(server, 'office-network')).entry_count).toBe(1001)
  })
})
