import { readFile } from 'node:fs/promises'
import { seriousViolations } from './support/axe.ts'
import { holdRequests } from './support/hold.ts'
import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

const PROJECT = 'media'

async function core(server: PlatformServer, method: string, path: string, body?: unknown, ifMatch?: number) {
  const response = await fetch(`${server.baseURL}/api/core/v0/projects/${PROJECT}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: response.status === 204 ? null : await response.json() }
}

test.describe('backups', () => {
  test('a backup restored after deleting a director brings it back', async ({ page, server }) => {
    const director = `restore-me-${Date.now().toString(36)}`
    const created = await core(server, 'POST', '/directors', {
      name: director,
      backends: [{ host: 'origin.restore.example.com', port: 443 }],
    })
    expect(created.status).toBe(201)
    await page.goto(`/backups?project=${PROJECT}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible()
    await page.getByLabel('Name (optional)').fill('Before the cleanup')
    await page.getByRole('button', { name: 'Back up now' }).click()
    await expect(page.getByText('Backup started')).toBeVisible()
    const row = page.getByRole('row', { name: /Before the cleanup/ })
    // Taken by the job queue within a few seconds; the list follows it without a reload.
    await expect(row.getByText('Completed')).toBeVisible({ timeout: 15_000 })
    await expect(row.getByText(/kB|B$/)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    // The download is the document, with the sha256 the list shows.
    const downloading = page.waitForEvent('download')
    await row.getByRole('button', { name: /Download/ }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${PROJECT}-b-.*\\.json$`))
    const document = JSON.parse(await readFile((await download.path()) as string, 'utf8'))
    expect(document.resources.some((r: { name: string }) => r.name === director)).toBe(true)
    await expect(row.getByTitle(document.sha256)).toBeVisible()

    const current = await core(server, 'GET', `/directors/${director}`)
    expect((await core(server, 'DELETE', `/directors/${director}`, undefined, current.body.data.revision)).status).toBe(
      204,
    )

    await row.getByRole('button', { name: /Restore/ }).click()
    const dialog = page.getByRole('dialog', { name: /Restore “Before the cleanup”/ })
    const plan = dialog.getByRole('region', { name: 'Changes the restore makes' })
    await expect(plan.getByRole('heading', { name: 'Directors' })).toBeVisible()
    await expect(plan.getByRole('heading', { name: 'Created (1)' })).toBeVisible()
    await expect(plan.getByText(director)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Restore 1 change' }).click()
    await expect(dialog.getByText('Restored: 1 change applied.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click()
    // Focus goes back to where the restore was opened from, not to the page's body.
    await expect(row.getByRole('button', { name: /Restore/ })).toBeFocused()

    const back = await core(server, 'GET', `/directors/${director}`)
    expect(back.status).toBe(200)
    expect(back.body.data.backends).toEqual([expect.objectContaining({ host: 'origin.restore.example.com' })])
    await page.goto(`/directors-detail/${director}?project=${PROJECT}`)
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(director) })).toBeVisible()
  })

  test('a restore left while it applies is shown with its outcome on coming back', async ({ page, server }) => {
    const taken = await core(server, 'POST', '/backups', { trigger: 'manual', display_name: 'Leave and return' })
    expect(taken.status).toBe(202)
    await page.goto(`/home?project=${PROJECT}`)
    await page.getByRole('link', { name: 'Backups', exact: true }).first().click()
    const row = page.getByRole('row', { name: /Leave and return/ })
    await expect(row.getByText('Completed')).toBeVisible({ timeout: 15_000 })
    const extra = `left-behind-${Date.now().toString(36)}`
    await core(server, 'POST', '/directors', { name: extra, backends: [{ host: 'left.example.com', port: 443 }] })
    await row.getByRole('button', { name: /Restore/ }).click()
    const dialog = page.getByRole('dialog', { name: /Restore “Leave and return”/ })
    await expect(dialog.getByText(extra)).toBeVisible()
    // The apply held at the server's door while the user goes back to Home and forward again.
    const release = await holdRequests(
      page,
      /\/backups\/[^/]+\/restore/,
      (request) => !request.url().includes('dry_run'),
    )
    await dialog.getByRole('button', { name: 'Restore 1 change' }).click()
    await page.goBack()
    await expect(page).toHaveURL(/\/home\?/)
    await expect(dialog).toBeHidden()
    await page.goForward()
    await expect(dialog.getByText('Restoring: every change in one transaction…')).toBeVisible()
    release()
    await expect(dialog.getByText('Restored: 1 change applied.')).toBeVisible()
    expect((await core(server, 'GET', `/directors/${extra}`)).status).toBe(404)
  })

  test('a restore refused because the project changed shows the fresh plan to confirm again', async ({
    page,
    server,
  }) => {
    const taken = await core(server, 'POST', '/backups', { trigger: 'manual', display_name: 'Race check' })
    expect(taken.status).toBe(202)
    await page.goto(`/backups?project=${PROJECT}`)
    const row = page.getByRole('row', { name: /Race check/ })
    await expect(row.getByText('Completed')).toBeVisible({ timeout: 15_000 })
    const extra = `added-later-${Date.now().toString(36)}`
    await core(server, 'POST', '/directors', { name: extra, backends: [{ host: 'later.example.com', port: 443 }] })

    await row.getByRole('button', { name: /Restore/ }).click()
    const dialog = page.getByRole('dialog', { name: /Restore “Race check”/ })
    await expect(dialog.getByText(extra)).toBeVisible()
    // Someone changes the project between the dry run and the confirmation.
    const other = `meanwhile-${Date.now().toString(36)}`
    await core(server, 'POST', '/directors', { name: other, backends: [{ host: 'meanwhile.example.com', port: 443 }] })
    await dialog.getByRole('button', { name: /Restore 1 change/ }).click()
    await expect(dialog.getByRole('alert')).toHaveText(
      'The project changed after the dry run, so nothing was restored. The plan below is the project as it is now: review it, then restore again.',
    )
    await expect(dialog.getByText(other)).toBeVisible()
    expect((await core(server, 'GET', `/directors/${extra}`)).status).toBe(200)
    await dialog.getByRole('button', { name: 'Restore 2 changes' }).click()
    await expect(dialog.getByText('Restored: 2 changes applied.')).toBeVisible()
    expect((await core(server, 'GET', `/directors/${other}`)).status).toBe(404)
  })

  test('lists the backups and takes one before the restore\'s code has come, which "Restore…" waits for', async ({
    page,
    server,
  }) => {
    const taken = await core(server, 'POST', '/backups', { trigger: 'manual', display_name: 'Listed early' })
    expect(taken.status).toBe(202)
    await expect
      .poll(
        async () =>
          (await core(server, 'GET', '/backups?items=100')).body.data.find(
            (backup: { name: string }) => backup.name === taken.body.data.name,
          )?.status,
        { timeout: 15_000 },
      )
      .toBe('completed')
    // The Tool section's kit (the calls and the restore machine) held back: the list does not wait for it.
    const release = await holdRequests(page, /\/assets\/tools-[^/]*\.js$/)
    await page.goto(`/backups?project=${PROJECT}`)
    const row = page.getByRole('row', { name: /Listed early/ })
    await expect(row.getByText('Completed')).toBeVisible()
    const restore = row.getByRole('button', { name: /Restore/ })
    await expect(restore).toBeDisabled()
    // A backup asked for meanwhile is taken once the kit is here, with the name typed.
    await page.getByLabel('Name (optional)').fill('Asked early')
    await page.getByRole('button', { name: 'Back up now' }).click()
    release()
    await expect(page.getByText('Backup started')).toBeVisible()
    await expect(page.getByRole('row', { name: /Asked early/ })).toBeVisible()
    await expect(restore).toBeEnabled()
    await restore.click()
    await expect(page.getByRole('dialog', { name: /Restore “Listed early”/ })).toBeVisible()
  })

  test('a backup named by 200 characters without a space keeps the page from scrolling sideways, its actions in view', async ({
    page,
    server,
  }) => {
    const name = 'Before_the_migration_of_shop_'.repeat(7).slice(0, 200)
    const taken = await core(server, 'POST', '/backups', { trigger: 'manual', display_name: name })
    expect(taken.status).toBe(202)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`/backups?project=${PROJECT}`)
    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row.getByText('Completed')).toBeVisible({ timeout: 15_000 })
    // The page itself never scrolls sideways (the buttons' screen-reader names made it 2,700 px wide).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    // Restore… is on the screen, not past its right edge.
    const box = await row.getByRole('button', { name: /Restore/ }).boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280)
  })
})
