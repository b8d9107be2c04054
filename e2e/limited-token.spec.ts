import type { Page } from '@playwright/test'
import { SIDEBAR, visibleSidebar } from '../src/types/navigation.ts'
import { ConsolePage, signIn } from './pages/console.ts'
import { createToken } from './support/api.ts'
import { expect, type PlatformServer, test } from './support/server.ts'

/**
 * Issue 29: signed in with a token limited to project `shop` that holds every permission there, the
 * console shows what the token may use and nothing platform-wide, and every link it shows opens its
 * page without a refusal: no 403 or 404 from the platform, no "no permission" page. One test per
 * sidebar section, so that a failure names its section.
 */
const LIMITED = visibleSidebar(['wadp.*.*'], [])

/** Every platform answer of 403 or 404 the page gets from now on, as `status method path`. */
function watchRefusals(page: Page): string[] {
  const refusals: string[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/api/') && [403, 404].includes(response.status()))
      refusals.push(`${response.status()} ${response.request().method()} ${url.pathname}`)
  })
  return refusals
}

/**
 * Signs in, on a new token limited to `shop` with every permission there, watching for refusals from
 * the start; returns them and the sidebar.
 */
async function signInLimited(page: Page, server: PlatformServer) {
  const token = await createToken(server, { owner: 'admin@example.com', permissions: ['wadp.*.*'], projects: ['shop'] })
  const refusals = watchRefusals(page)
  await signIn(page, token)
  await expect(page).toHaveURL(/\/home\?project=shop$/)
  const console = new ConsolePage(page)
  await console.expectSignedIn()
  return { refusals, sidebar: console.sidebar }
}

test.describe('a token limited to one project', () => {
  test('sees only its project and no platform-wide entry', async ({ page, server }) => {
    const { refusals, sidebar } = await signInLimited(page, server)
    for (const hidden of [
      'Projects',
      'Nodes',
      'Pools',
      'Blocklist',
      'Users',
      'Manage Tokens',
      'SSO Groups/Roles',
      'Config Status',
      'Management',
      'Backend Health',
      'Audit Log',
    ])
      await expect(sidebar.getByRole('link', { name: hidden, exact: true })).toHaveCount(0)
    await expect(sidebar.getByRole('button', { name: 'Blocklist synchronization status' })).toHaveCount(0)
    await page.getByRole('button', { name: /^Project:/ }).click()
    const selector = page.getByRole('dialog', { name: 'Select a project' })
    await expect(selector.getByRole('row', { name: /Acme Shop/ })).toBeVisible()
    await expect(selector.getByRole('row', { name: /shop-staging|media|labs/ })).toHaveCount(0)
    await expect(selector.getByText(/^Create (customer|project)$/)).toHaveCount(0)
    await page.keyboard.press('Escape')
    expect(refusals).toEqual([])
    // A platform page typed into the address bar says so, and asks the platform nothing it would refuse.
    await page.goto('/config-status?project=shop')
    await expect(
      page.getByText('You do not have permission to see the configuration status of the nodes.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Re-check' })).toHaveCount(0)
    expect(refusals).toEqual([])
  })

  for (const section of SIDEBAR) {
    const shown = LIMITED.sections.find((candidate) => candidate.id === section.id)
    if (!shown) continue
    test(`opens every ${section.label} link it is shown without a refusal`, async ({ page, server }) => {
      const { refusals, sidebar } = await signInLimited(page, server)
      for (const link of shown.links) {
        await sidebar.getByRole('link', { name: link.label, exact: true }).click()
        await expect(page).toHaveURL(new RegExp(`${link.to}\\?(.*&)?project=shop`))
        const main = page.getByRole('main')
        await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(main).not.toContainText(/do not have permission|missing permission|not found/i)
      }
      // Answers still on their way when the last page showed.
      await page.waitForLoadState('networkidle')
      expect(refusals).toEqual([])
    })
  }
})
