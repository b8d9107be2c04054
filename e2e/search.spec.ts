import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

test.describe('global search', () => {
  test('finds a website by its domain and a backup by its display name, marks the match and leads to each', async ({
    page,
    server,
  }) => {
    const call = async (path: string, body: Record<string, unknown>, expected: number) => {
      const response = await fetch(`${server.baseURL}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response.status, `POST ${path}`).toBe(expected)
    }
    await call(
      '/api/core/v0/projects/shop/websites',
      {
        name: 'e2e-search-site',
        domain_name: 'kingfisher.example.net',
        default_director: 'shop-origin',
      },
      201,
    )
    await call(
      '/api/core/v0/projects/media/backups',
      { trigger: 'manual', display_name: 'Before the kingfisher move' },
      202,
    )

    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/home?project=shop')
    const box = page.getByRole('searchbox', { name: 'Search' })
    await box.fill('Kingfisher')
    const website = page.getByRole('link', { name: /e2e-search-site/ })
    await expect(website).toContainText('Project: Acme Shop')
    // The results are readable: at least 28rem (448 px) wide, never narrower than the box, inside the window.
    const dropdown = page.getByRole('list', { name: 'Search results for Kingfisher' }).locator('..')
    const [input, shown] = [await box.boundingBox(), await dropdown.boundingBox()]
    expect(shown?.width).toBeGreaterThanOrEqual(Math.max(448, input?.width ?? 0))
    expect(shown?.x).toBeGreaterThanOrEqual(0)
    expect((shown?.x ?? 0) + (shown?.width ?? 0)).toBeLessThanOrEqual(1440)
    const name = website.getByText('e2e-search-site', { exact: true })
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    // The result's type and the matched field in words, not their API identifiers.
    await expect(website).toContainText('Domain name: kingfisher.example.net')
    await expect(website).toContainText('Website')
    await expect(website).not.toContainText('domain_name')
    await expect(website.locator('mark')).toHaveText('kingfisher')
    const backup = page.getByRole('link', { name: /Before the kingfisher move/ })
    await expect(backup.locator('mark').first()).toHaveText('kingfisher')

    // The keyboard walks the results (both match inside a text: by type, backups first); Enter follows
    // the website's link into its project.
    await box.press('ArrowDown')
    await expect(backup).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(website).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/websites-detail\/e2e-search-site\?project=shop/)

    await box.fill('kingfisher move')
    await page.getByRole('link', { name: /Before the kingfisher move/ }).click()
    await expect(page).toHaveURL(/\/backups\?project=media/)
  })

  test('a result in another project opens there without a moment of "no permission" or a read in the old project', async ({
    page,
  }) => {
    await page.goto('/directors?project=labs')
    await expect(page.getByRole('heading', { level: 1, name: 'Directors' })).toBeVisible()
    const inOldProject: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/core/v0/projects/labs/directors/'))
        inOldProject.push(request.url())
    })
    // Every text the page shows from now on, however briefly.
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { seenTexts: string[] }).seenTexts = seen
      new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      })
    })
    await page.getByRole('searchbox', { name: 'Search' }).fill('shop-origin')
    const result = page.getByRole('link', { name: /shop-origin/ }).first()
    await expect(result).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/directors-detail\/shop-origin\?project=shop$/)
    await expect(page.getByRole('heading', { level: 1, name: /shop-origin/ })).toBeVisible()
    const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts)
    expect(seen.filter((text) => text.includes('You do not have permission'))).toEqual([])
    expect(inOldProject).toEqual([])
  })
})
