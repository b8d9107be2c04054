import type { Page } from '@playwright/test'
import { expect, test } from './support/server.ts'

const SERVICES = ['auth', 'core', 'purge', 'acme', 'stats']

/** Everything the page reports as going wrong: console errors, uncaught exceptions, failed requests. */
function collectProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`))
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`)
  })
  return problems
}

test('the console loads at / and shows every platform service as healthy', async ({ page }) => {
  const problems = collectProblems(page)
  await page.goto('/')

  await expect(page.getByRole('heading', { level: 1, name: 'WADP Console' })).toBeVisible()
  const status = page.getByRole('region', { name: 'Platform status' })
  for (const service of SERVICES) {
    const row = status.getByRole('row').filter({ has: page.getByRole('rowheader', { name: service, exact: true }) })
    await expect(row.getByRole('cell', { name: 'Healthy', exact: true })).toBeVisible()
  }
  await expect(status.getByText(/^Console build: /)).not.toContainText('unknown')
  await expect(status.getByRole('alert')).toHaveCount(0)
  expect(problems).toEqual([])
})

test('a hard refresh on a deep route serves the app, which shows the not-found page', async ({ page }) => {
  const problems = collectProblems(page)
  const response = await page.goto('/websites-detail/x?project=demo')

  expect(response?.headers()['content-type']).toContain('text/html')
  expect(await response?.text()).toContain('<div id="root">')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

  await page.getByRole('link', { name: 'Go to the homepage' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/')
  await expect(page.getByRole('heading', { level: 1, name: 'WADP Console' })).toBeVisible()
  expect(problems).toEqual([])
})

test('the server publishes the console configuration and build as JSON', async ({ request }) => {
  const config = await request.get('/config.json')
  expect(config.ok()).toBe(true)
  expect(config.headers()['content-type']).toContain('application/json')
  expect(await config.json()).toEqual(expect.objectContaining({ environment: expect.any(String) }))

  const version = await request.get('/version.json')
  expect(version.ok()).toBe(true)
  expect(version.headers()['content-type']).toContain('application/json')
  expect(await version.json()).toEqual(
    expect.objectContaining({ version: expect.any(String), commit: expect.any(String), built_at: expect.any(String) }),
  )
})
