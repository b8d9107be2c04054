import { choose } from './pages/console.ts'
import { seriousViolations } from './support/axe.ts'
import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

async function stored(server: PlatformServer, name: string) {
  const response = await fetch(`${server.baseURL}/api/core/v0/access-list/${name}`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  })
  return response.status === 200 ? ((await response.json()) as { data: Record<string, unknown> }).data : null
}

test.describe('Blocklist', () => {
  test('adds an entry through its form and the admin sync view converges on it', async ({ page, server }) => {
    await page.goto('/access-list?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Blocklist' })).toBeVisible()
    await page.getByRole('link', { name: 'Add blocklist entry' }).first().click()
    await expect(page).toHaveURL(/\/access-list-add\?project=shop$/)
    // The form says that allow beats block.
    await expect(page.getByText(/Allow beats block/)).toBeVisible()
    await page.getByLabel('Name', { exact: true }).fill('e2e-scanner-net')
    await choose(page, 'Target', 'Network (CIDR)')
    await page.getByLabel('Value').fill('198.51.100.77/24')
    await choose(page, 'Action', 'Challenge')
    await page.getByLabel('Notes').fill('Port scanner')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/access-list-detail\/e2e-scanner-net\?project=shop$/)
    expect(await stored(server, 'e2e-scanner-net')).toMatchObject({
      target: 'cidr',
      value: '198.51.100.0/24',
      action: 'challenge',
      scope: 'platform',
      notes: 'Port scanner',
    })
    expect(await seriousViolations(page)).toEqual([])

    await page.goto('/access-list?project=shop')
    await expect(page.getByRole('row', { name: /e2e-scanner-net/ })).toContainText('198.51.100.0/24')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('main').getByRole('button', { name: 'Synchronization status' }).click()
    const dialog = page.getByRole('dialog', { name: 'Admin config synchronization status' })
    await expect(dialog.getByRole('status')).toHaveText('All config changes have been applied to the servers.', {
      timeout: 20_000,
    })
    await expect(dialog.getByRole('row', { name: /pop-fr-par-1 simulated Synchronized/ })).toBeVisible()
  })

  test('a duplicate value shows the server’s 409 and keeps what was typed', async ({ page, server }) => {
    await fetch(`${server.baseURL}/api/core/v0/access-list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'e2e-known-asn', target: 'asn', value: 'AS64496' }),
    })
    await page.goto('/access-list-add?project=shop')
    await page.getByLabel('Name', { exact: true }).fill('e2e-same-asn')
    await choose(page, 'Target', 'AS number')
    await page.getByLabel('Value').fill('64496')
    await page.getByRole('button', { name: 'Save' }).click()
    // Said once, on Value (focused, with its error): the answer's sentence ('blocklist entry e2e-known-asn
    // already holds asn AS64496 on the platform') only says it again, and the alert counts the errors.
    await expect(page.getByText('already held by blocklist entry e2e-known-asn')).toBeVisible()
    await expect(page.getByLabel('Value')).toBeFocused()
    await expect(page.getByRole('alert')).toHaveText('Correct the error before saving.')
    await expect(page.getByText(/already holds asn AS64496/)).toHaveCount(0)
    await expect(page).toHaveURL(/\/access-list-add/)
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('e2e-same-asn')
    await expect(page.getByLabel('Value')).toHaveValue('64496')
    expect(await stored(server, 'e2e-same-asn')).toBeNull()
  })

  test('pastes values: the valid ones are added, invalid lines reported by number', async ({ page, server }) => {
    await page.goto('/access-list?project=shop')
    await page.getByRole('button', { name: 'Paste values' }).click()
    const dialog = page.getByRole('dialog', { name: 'Paste values into the blocklist' })
    await dialog
      .getByLabel('Values, one per line')
      .fill(['203.0.113.66 # e2e bot', '203.0.113.999', 'AS64497', 'AS64497', 'not-a-value', 'nl'].join('\n'))
    await dialog.getByLabel('Allow').check()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Import' }).click()
    const report = page.getByRole('dialog', { name: 'Values pasted into the blocklist' })
    await expect(report).toContainText('3 entries added, 1 duplicate left out, 2 invalid lines.')
    await expect(report).toContainText('Line 2: 203.0.113.999')
    await expect(report).toContainText('Line 5: not-a-value')
    await report.getByRole('button', { name: 'Done' }).click()
    // The report replaced the question; closing it gives focus back to the button that opened the first.
    await expect(page.getByRole('button', { name: 'Paste values' })).toBeFocused()
    await expect(page.getByRole('row', { name: /ip-203-0-113-66/ })).toContainText('Allow')
    expect(await stored(server, 'ip-203-0-113-66')).toMatchObject({ action: 'allow', notes: 'e2e bot' })
    expect(await stored(server, 'country-nl')).toMatchObject({ target: 'country', value: 'NL' })
  })
  test('a double click on Import imports once and reports that import', async ({ page, server }) => {
    await page.goto('/access-list?project=shop')
    await page.getByRole('button', { name: 'Paste values' }).click()
    const dialog = page.getByRole('dialog', { name: 'Paste values into the blocklist' })
    await dialog.getByLabel('Values, one per line').fill(['203.0.113.91', '203.0.113.92'].join('\n'))
    await dialog.getByRole('button', { name: 'Import' }).dblclick()
    // Not the report of a second import that found both there: '0 entries added, 2 duplicates left out'.
    const report = page.getByRole('dialog', { name: 'Values pasted into the blocklist' })
    await expect(report).toContainText('2 entries added')
    expect(await stored(server, 'ip-203-0-113-91')).toMatchObject({ action: 'block' })
  })

  test('on a slow device, closing each report gives the focus back to Paste values', async ({ page }) => {
    // The report replaces the form (another dialog). The form's panel, mounted by Headless UI a render
    // after the dialog, was never noted as where the report should go back to: on a slowed CPU the focus
    // was then left on the page's body after Done (4 of 6 runs at 4-10x, and once in a busy CI run).
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 })
    for (const last of [101, 102, 103]) {
      // Each time on a page just loaded: the dialogs' code arrives as they are first opened.
      await page.goto('/access-list?project=shop')
      await page.getByRole('button', { name: 'Paste values' }).click()
      const dialog = page.getByRole('dialog', { name: 'Paste values into the blocklist' })
      await dialog.getByLabel('Values, one per line').fill(`203.0.113.${last}`)
      await dialog.getByRole('button', { name: 'Import' }).click()
      const report = page.getByRole('dialog', { name: 'Values pasted into the blocklist' })
      await expect(report).toContainText('1 entry added')
      await report.getByRole('button', { name: 'Done' }).click()
      await expect(page.getByRole('button', { name: 'Paste values' })).toBeFocused()
    }
  })
})
