import { choose, signIn } from './pages/console.ts'
import { expect, type PlatformServer, test } from './support/server.ts'

const PROJECT = 'shop'

async function stored(server: PlatformServer, path: string) {
  const response = await fetch(`${server.baseURL}/api/core/v0/projects/${PROJECT}${path}`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  })
  return ((await response.json()) as { data: Record<string, unknown> }).data
}

test.describe('security and crypto configuration', () => {
  test('creates a WAF policy through its form and protects a director with it', async ({ page, server }) => {
    await signIn(page, server.adminToken)
    await page.goto(`/waf-policies?project=${PROJECT}`)
    await expect(page.getByRole('link', { name: 'storefront-waf' }).first()).toBeVisible()
    await page.getByRole('link', { name: 'Add WAF policy' }).click()
    await page.getByLabel('Name', { exact: true }).fill('e2e-waf')
    await choose(page, 'Mode', 'Block')
    await page.getByLabel('Java attacks').uncheck()
    await page.getByRole('button', { name: 'Add override' }).click()
    await page.getByLabel('Rule id').fill('920350')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/waf-policies-detail\/e2e-waf\?project=shop$/)
    expect(await stored(server, '/wafconfigs/e2e-waf')).toMatchObject({
      mode: 'block',
      categories: { java: false, php: true },
      rule_overrides: [{ rule_id: '920350', action: 'log' }],
    })

    await page.goto(`/directors-edit/api-origin?project=${PROJECT}`)
    await choose(page, 'WAF policy', 'e2e-waf')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/directors-detail\/api-origin\?project=shop$/)
    expect((await stored(server, '/directors/api-origin')).waf_config).toBe('e2e-waf')
  })

  test('creates a TLS policy, refusing a maximum below the minimum on its field', async ({ page, server }) => {
    await signIn(page, server.adminToken)
    await page.goto(`/ssl-policies-add?project=${PROJECT}`)
    await page.getByLabel('Name', { exact: true }).fill('e2e-tls')
    await choose(page, 'Minimum version', 'TLSv1.3')
    await choose(page, 'Maximum version', 'TLSv1.2')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('must not be below the minimum version')).toBeVisible()
    await choose(page, 'Maximum version', 'TLSv1.3')
    await page.getByLabel('Send HSTS').check()
    await page.getByLabel('Include subdomains').check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/ssl-policies-detail\/e2e-tls\?project=shop$/)
    expect(await stored(server, '/sslpolicies/e2e-tls')).toMatchObject({
      min_version: 'TLSv1.3',
      max_version: 'TLSv1.3',
      hsts: { enabled: true, include_subdomains: true },
    })
  })

  test('creates a captcha whose provider secret is set once and never shown again', async ({ page, server }) => {
    await signIn(page, server.adminToken)
    await page.goto(`/captchas-add?project=${PROJECT}`)
    await page.getByLabel('Name', { exact: true }).fill('e2e-turnstile')
    await choose(page, 'Type', 'Cloudflare Turnstile')
    await page.getByLabel('Site key').fill('0x4AAAAAAAe2e-site')
    await expect(page.getByText('Secret: not set')).toBeVisible()
    await page.getByRole('button', { name: 'Set secret' }).click()
    await page.getByLabel('Secret', { exact: true }).fill('0x4AAAAAAAe2e-secret')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/captchas-detail\/e2e-turnstile\?project=shop$/)
    await expect(page.locator('dd', { hasText: /^set$/ })).toBeVisible()
    await expect(page.getByText('0x4AAAAAAAe2e-secret')).toHaveCount(0)
    const saved = await stored(server, '/challenges/e2e-turnstile')
    expect(saved).toMatchObject({ type: 'turnstile', site_key: '0x4AAAAAAAe2e-site', secret_set: true })
    expect(saved).not.toHaveProperty('secret')

    // Editing another field keeps the stored secret without showing it.
    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByText('Secret: set')).toBeVisible()
    await page.getByLabel('Time to solve').fill('90')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/captchas-detail\/e2e-turnstile\?project=shop$/)
    expect(await stored(server, '/challenges/e2e-turnstile')).toMatchObject({ solve_timeout_s: 90, secret_set: true })
  })

  test('creates a rate limit keyed by a header that challenges, and attaches it and a captcha to a website', async ({
    page,
    server,
  }) => {
    await signIn(page, server.adminToken)
    await page.goto(`/rate-limits-add?project=${PROJECT}`)
    await page.getByLabel('Name', { exact: true }).fill('e2e-api-limit')
    await page.getByRole('button', { name: 'Add key' }).click()
    await page.getByRole('combobox', { name: 'Key 2' }).selectOption('header')
    await page.getByRole('textbox', { name: 'Header name of key 2' }).fill('X-Api-Key')
    await page.getByLabel('Requests').fill('20')
    await expect(page.getByText(/per-node limits multiply by \d+ nodes/)).toBeVisible()
    await choose(page, 'Action', 'Challenge with a captcha')
    await page.getByRole('button', { name: /^Captcha / }).click()
    await page.getByRole('option', { name: 'storefront-challenge' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/rate-limits-detail\/e2e-api-limit\?project=shop$/)
    await expect(page.getByText('Client IP, Header X-Api-Key')).toBeVisible()
    expect(await stored(server, '/ratelimits/e2e-api-limit')).toMatchObject({
      keys: ['ip', 'header:X-Api-Key'],
      limit: 20,
      action: 'challenge',
      challenge: 'storefront-challenge',
    })

    await page.goto(`/websites-edit/api-shop-example-com?project=${PROJECT}`)
    await page.getByRole('button', { name: 'Rate limits' }).click()
    await page.getByRole('option', { name: 'e2e-api-limit' }).click()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Captchas' }).click()
    await page.getByRole('option', { name: 'storefront-challenge' }).click()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/websites-detail\/api-shop-example-com\?project=shop$/)
    await expect(page.getByText('rate limit e2e-api-limit; captcha storefront-challenge')).toBeVisible()
    expect(await stored(server, '/websites/api-shop-example-com')).toMatchObject({
      rate_limits: ['e2e-api-limit'],
      challenges: ['storefront-challenge'],
    })
  })
})
