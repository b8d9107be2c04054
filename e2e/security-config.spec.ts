import { choose, signIn } from './pages/console.ts'
import { createToken } from './support/api.ts'
import { seriousViolations } from './support/axe.ts'
import { expect, type PlatformServer, startSignedInAsAdmin, test } from './support/server.ts'

const PROJECT = 'shop'

async function stored(server: PlatformServer, path: string) {
  const response = await fetch(`${server.baseURL}/api/core/v0/projects/${PROJECT}${path}`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  })
  return ((await response.json()) as { data: Record<string, unknown> }).data
}

test.describe('security and crypto configuration', () => {
  // Every test of this group starts signed in as the admin, from the worker's stored session.
  startSignedInAsAdmin()

  test('creates a WAF policy through its form and protects a director with it', async ({ page, server }) => {
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
    await page.goto(`/captchas-add?project=${PROJECT}`)
    await page.getByLabel('Name', { exact: true }).fill('e2e-turnstile')
    await choose(page, 'Type', 'Cloudflare Turnstile')
    await page.getByLabel('Site key').fill('0x4AAAAAAAe2e-site')
    await expect(page.getByText('Secret: not set')).toBeVisible()
    // Without its secret it is refused on the field before anything is sent, as the server would refuse it.
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/challenges')) posts.push(request.url())
    })
    await page.getByRole('button', { name: 'Save' }).click()
    const secret = page.getByLabel('Secret', { exact: true })
    await expect(secret).toBeFocused()
    await expect(secret).toHaveAccessibleDescription(/the provider’s secret is required for this type/)
    await secret.fill('0x4AAAAAAAe2e-secret')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/captchas-detail\/e2e-turnstile\?project=shop$/)
    expect(posts).toHaveLength(1)
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

/** The security and crypto types with a seeded resource in `shop`: list route, detail route, seeded name. */
const SEEDED = [
  {
    list: '/waf-policies',
    detail: '/waf-policies-detail',
    name: 'storefront-waf',
    type: 'wafconfigs',
    one: 'WAF policy',
  },
  {
    list: '/rate-limits',
    detail: '/rate-limits-detail',
    name: 'login-throttle',
    type: 'ratelimits',
    one: 'rate limit',
  },
  { list: '/captchas', detail: '/captchas-detail', name: 'storefront-challenge', type: 'challenges', one: 'captcha' },
  {
    list: '/ssl-policies',
    detail: '/ssl-policies-detail',
    name: 'storefront-tls',
    type: 'sslpolicies',
    one: 'TLS policy',
  },
] as const

// One test per type, each failure naming its type.
test.describe('a viewer reads the security and crypto types without Add, Edit or Delete', () => {
  for (const { list, detail, name, type, one } of SEEDED) {
    test(`${one}: ${list} and ${detail}/${name}`, async ({ page, server }) => {
      const token = await createToken(server, {
        owner: 'viewer@example.com',
        permissions: ['wadp.projects.get', `wadp.${type}.list`, `wadp.${type}.get`],
      })
      await signIn(page, token)
      await page.goto(`${list}?project=${PROJECT}`)
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
      await expect(page.getByRole('link', { name: `Add ${one}` })).toHaveCount(0)
      await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0)
      await expect(page.getByRole('link', { name: /^Edit/ })).toHaveCount(0)
      await page.goto(`${detail}/${name}?project=${PROJECT}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Paste addresses' })).toHaveCount(0)
    })
  }
})

// One test per screen, each from the admin's stored session.
test.describe('the security and crypto screens have no serious accessibility violation', () => {
  startSignedInAsAdmin()

  test('the rate limit list', async ({ page }) => {
    await page.goto(`/rate-limits?project=${PROJECT}`)
    await expect(page.getByRole('link', { name: 'login-throttle', exact: true })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the rate limit form with a key refused on its field', async ({ page }) => {
    await page.goto(`/rate-limits-edit/login-throttle?project=${PROJECT}`)
    await expect(page.getByRole('combobox', { name: 'Key 1' })).toBeVisible()
    await page.getByRole('button', { name: 'Add key' }).click()
    await page.getByRole('combobox', { name: 'Key 2' }).selectOption('header')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('name the header')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the captcha form with its write-only secret', async ({ page }) => {
    await page.goto(`/captchas-add?project=${PROJECT}`)
    await choose(page, 'Type', 'hCaptcha')
    await expect(page.getByText('Secret: not set')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the IP list form with an entry refused', async ({ page }) => {
    await page.goto(`/iplist-edit/office-network?project=${PROJECT}`)
    await page.getByLabel('Address or network of entry 1', { exact: true }).fill('10.0.0.999')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('button', { name: 'Entry 1', exact: true })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the IP list paste dialog', async ({ page }) => {
    await page.goto(`/iplist-detail/office-network?project=${PROJECT}`)
    await page.getByRole('button', { name: 'Paste addresses' }).click()
    await expect(page.getByRole('dialog', { name: /Paste addresses/ })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the captcha detail', async ({ page }) => {
    await page.goto(`/captchas-detail/storefront-challenge?project=${PROJECT}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Storefront challenge' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})
