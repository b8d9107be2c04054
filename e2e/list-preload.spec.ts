import { readFileSync } from 'node:fs'
import type { Page, Request } from '@playwright/test'
import { type Manifest, pageChunks } from '../src/page-chunks.ts'
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

  test('a sort the list does not offer, typed in the address, shows the list by name instead of an error', async ({
    page,
  }) => {
    const requests = listRequests(page)
    await page.goto(`/websites?project=${PROJECT}&sort=-nonsense`)
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0)
    await page.waitForLoadState('networkidle')
    expect(requests.map((request) => new URL(request.url()).searchParams.get('sort'))).toEqual([null])
    // A column's own sort still reaches the platform.
    await page.goto(`/websites?project=${PROJECT}&sort=-updated_at`)
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    expect(requests.map((request) => new URL(request.url()).searchParams.get('sort'))).toEqual([null, '-updated_at'])
  })

  test('a name filter holding a NUL character, typed in the address, shows the whole list instead of an error', async ({
    page,
  }) => {
    const requests = listRequests(page)
    await page.goto(`/websites?project=${PROJECT}&q=%00`)
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0)
    await page.waitForLoadState('networkidle')
    expect(requests.map((request) => new URL(request.url()).searchParams.get('q'))).toEqual([null])
  })
})

test.describe("a page's files are asked for at once", () => {
  test('hovering the Websites link preloads every file of its page; each is fetched once', async ({ page }) => {
    const manifest = JSON.parse(
      readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8'),
    ) as Manifest
    const chunks = pageChunks(manifest, 'routes/-shell/Shell.tsx', { 'routes/websites.tsx': '/websites' })
    const files = (chunks.pages['/websites'] ?? []).map((index) => `/${chunks.files[index]}`).sort()
    // The route's chunks and what they import: the list view, the resource screens' shared code.
    expect(files.length).toBeGreaterThan(2)

    await page.goto(`/home?project=${PROJECT}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const preloaded = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      )
    // Home's panels share a few of them: those are there already.
    await page.waitForLoadState('networkidle')
    const loaded = new Set(await preloaded())
    const pending = files.filter((file) => !loaded.has(file))
    const fetched: string[] = []
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (pending.includes(path)) fetched.push(path)
    })
    expect(pending.length).toBeGreaterThan(2)
    await sidebarLink(page, 'Websites').hover()
    await expect
      .poll(async () => [...new Set((await preloaded()).filter((file) => pending.includes(file)))].sort())
      .toEqual(pending)

    await sidebarLink(page, 'Websites').click()
    await expect(page.getByRole('link', { name: 'shop-example-com', exact: true })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(fetched.sort()).toEqual(pending)
  })
})

test.describe('a resource page opened by its address', () => {
  const pages = [
    { kind: 'list', path: '/websites', shown: (page: Page) => page.getByRole('link', { name: 'shop-example-com' }) },
    {
      kind: 'detail',
      path: '/websites-detail/shop-example-com',
      shown: (page: Page) => page.getByText('Protection', { exact: true }),
    },
  ]
  for (const { kind, path, shown } of pages)
    test(`a ${kind} asks for no file for the resource tools beyond the ones its code brought`, async ({ page }) => {
      const manifest = JSON.parse(
        readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8'),
      ) as Manifest
      // The bundler's entry file for src/app/resources.ts, which the router context imports: one line
      // that re-exports the tools' chunk, which every resource page imports itself.
      const toolsEntry = `/${manifest['src/app/resources.ts']?.file}`
      const dialog = `/${manifest['src/views/resources/DeleteDialog.tsx']?.file}`
      const scripts: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
      })
      await page.goto(`${path}?project=${PROJECT}`)
      await expect(shown(page).first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(scripts).not.toContain(toolsEntry)
      // The delete dialog's code still comes, once the page is idle, before anyone asks to delete.
      await expect.poll(() => scripts).toContain(dialog)
    })
})
