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
})
