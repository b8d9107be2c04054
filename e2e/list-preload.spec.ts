import type { Page, Request } from '@playwright/test'
import { expect, startSignedInAsAdmin, test } from './support/server.ts'

// Every test here starts signed in as the admin, from the worker's stored session.
startSignedInAsAdmin()

const PROJECT = 'shop'
const WEBSITES_LIST = new RegExp(`/api/core/v0/projects/${PROJECT}/websites\\?`)

/** Every request for a page of the project's websites list, from now on. */
function listRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (WEBSITES_LIST.test(request.url())) seen.push(request)
  })
  return seen
}

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true })

test.describe('list pages start their query before the page renders', () => {
  test('hovering the Websites link fetches the list; the click then shows it without asking again', async ({
    page,
  }) => {
    await page.goto(`/home?project=${PROJECT}`)
    const requests = listRequests(page)
    const link = sidebarLink(page, 'Websites')
    const fetched = page.waitForResponse(WEBSITES_LIST)
    await link.hover()
    expect((await fetched).status()).toBe(200)
    expect(requests).toHaveLength(1)

    await link.click()
    await expect(page).toHaveURL(/\/websites\?project=shop/)
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    // The page read the hovered answer: no second request, no loading state on the way.
    await page.waitForLoadState('networkidle')
    expect(requests).toHaveLength(1)
    await expect(page.getByText('Loading websites…')).toHaveCount(0)
  })

  test('the list asked for by the URL is the one the page shows (page, size and name filter)', async ({ page }) => {
    await page.goto(`/home?project=${PROJECT}`)
    const requests = listRequests(page)
    await sidebarLink(page, 'Websites').click()
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    await page.getByLabel('Filter by name').fill('shop')
    await expect(page).toHaveURL(/q=shop/)
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    await page.waitForLoadState('networkidle')
    // One request for the whole list, one for the filtered one: the loader's and the page's are the same.
    expect(requests.map((request) => new URL(request.url()).searchParams.get('q'))).toEqual([null, 'shop'])
  })
})
