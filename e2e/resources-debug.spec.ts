import { readFile } from 'node:fs/promises'
import { seriousViolations } from './support/axe.ts'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

test.describe('resources and debug pages', () => {
  test('/resources lists the types, finds a director by name and shows the website that references it', async ({
    page,
    server,
  }) => {
    const create = async (type: string, body: Record<string, unknown>) => {
      const response = await fetch(`${server.baseURL}/api/core/v0/projects/shop/${type}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response.status, `creating ${type} ${body.name}`).toBe(201)
    }
    await create('directors', { name: 'e2e-inv-origin', backends: [{ host: 'inv.origin.example.com', port: 443 }] })
    await create('websites', {
      name: 'e2e-inv-site',
      domain_name: 'e2e-inv.example.net',
      default_director: 'e2e-inv-origin',
    })
    await page.goto('/resources?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible()
    const types = page.getByRole('table', { name: 'Resource types' })
    await expect(types.getByRole('rowheader', { name: 'Directors' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByLabel('Name contains').fill('e2e-inv')
    // The filter is kept in the URL once typing pauses.
    await expect(page).toHaveURL(/q=e2e-inv/)
    const matches = page.getByRole('table', { name: 'Matching resources' })
    await expect(matches.getByRole('row')).toHaveCount(3)
    await matches.getByRole('link', { name: 'References of e2e-inv-origin' }).click()
    await expect(page).toHaveURL(/type=directors&name=e2e-inv-origin/)

    const referencedBy = page.getByRole('region', { name: 'Referenced by' })
    await expect(referencedBy).toContainText('default_director')
    expect(await seriousViolations(page)).toEqual([])
    // A reload shows the same view: filter and chosen resource come from the URL.
    await page.reload()
    await expect(page.getByLabel('Name contains')).toHaveValue('e2e-inv')
    await referencedBy.getByRole('link', { name: 'e2e-inv-site' }).click()
    await expect(page).toHaveURL(/\/websites-detail\/e2e-inv-site\?project=shop/)
  })

  test('/debug shows the signed-in session, masks its token, and downloads a machine’s paths as JSON', async ({
    page,
    server,
  }) => {
    await page.goto('/debug?project=shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Debug' })).toBeVisible()
    await expect(page.getByTestId('debug-state-session')).toContainText('loggedIn')
    const context = page.getByRole('region', { name: 'Context of session' })
    await expect(context).toContainText('"token": "••••"')
    await expect(context).not.toContainText(server.adminToken)
    await expect(page.getByRole('link', { name: 'Open the Stately inspector' })).toHaveAttribute(
      'href',
      /^\/debug\?project=shop&inspect$/,
    )
    await expect(page.getByTestId('debug-console-version')).not.toBeEmpty()
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: /^wadp\.\*\.\*$/ })
        .first(),
    ).toBeVisible()

    // Live: the global search machine's state and context follow what is typed in the top bar.
    await expect(page.getByTestId('debug-state-globalSearch')).toHaveText('idle')
    await page.getByRole('searchbox', { name: 'Search' }).fill('api')
    await expect(page.getByTestId('debug-state-globalSearch')).not.toHaveText('idle')
    await page.getByTestId('debug-state-globalSearch').click()
    await expect(page.getByRole('region', { name: 'Context of globalSearch' })).toContainText('"api"')

    await page.getByRole('button', { name: 'Load the machines' }).click()
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download JSON: the paths of session' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('session.paths.json')
    const paths = JSON.parse(await readFile((await download.path()) as string, 'utf8'))
    expect(Array.isArray(paths)).toBe(true)
    expect(paths.length).toBeGreaterThan(3)
    expect(paths.some((path: { state: string }) => path.state.startsWith('loggedIn'))).toBe(true)
    for (const path of paths) expect(path).toEqual(expect.objectContaining({ description: expect.any(String) }))
    expect(await seriousViolations(page)).toEqual([])
  })
})
