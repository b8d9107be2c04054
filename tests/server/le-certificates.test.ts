import { afterEach, describe, expect, it } from 'vitest'
import { OPERATOR, setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform({ syncDelay: '60000' })
const base = '/api/acme/v0/projects/shop/le-cert'
const STEP = 2000
const DAY = 86_400_000
const realNow = Date.now
let clock = Date.now()

function at(ms: number) {
  clock = ms
  platform.server.ctx.now = () => clock
}
afterEach(() => {
  platform.server.ctx.now = realNow
})

async function read(name: string) {
  return (await platform.call('GET', `${base}/${name}`)).body.data
}

describe('LE certificates', () => {
  it('move from pending validation to issuing to active by the clock, with the defaults of RESOURCES.md', async () => {
    const t0 = Date.now()
    at(t0)
    const created = await platform.call('POST', base, { body: { name: 'shop-cert', domains: ['shop.example.com'] } })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      domains: ['shop.example.com'],
      challenge: 'http-01',
      key_type: 'ecdsa_p256',
      ca: 'letsencrypt',
      auto_renew: true,
      renew_before_days: 30,
      status: 'pending_validation',
      not_before: null,
      not_after: null,
      issuer: null,
    })
    expect(created.body.data).not.toHaveProperty('order')
    at(t0 + STEP + 10)
    expect((await read('shop-cert')).status).toBe('issuing')
    at(t0 + 2 * STEP + 10)
    const active = await read('shop-cert')
    expect(active).toMatchObject({ status: 'active', issuer: "Let's Encrypt E6", last_error: null })
    expect(Date.parse(active.not_after) - Date.parse(active.not_before)).toBe(90 * DAY)
    expect(Date.parse(active.next_renewal_at)).toBe(Date.parse(active.not_after) - 30 * DAY)
    expect(active.serial).toMatch(/^([0-9a-f]{2}:){7}[0-9a-f]{2}$/)
  })

  it('fail validation for a domain that no website of the project serves, saying which', async () => {
    const t0 = Date.now()
    at(t0)
    await platform.call('POST', base, {
      body: { name: 'stray-cert', domains: ['shop.example.com', 'elsewhere.example.org'] },
    })
    at(t0 + STEP + 10)
    const failed = await read('stray-cert')
    expect(failed.status).toBe('failed')
    expect(failed.last_error).toEqual({
      at: new Date(t0 + STEP).toISOString(),
      message: 'elsewhere.example.org is served by no website of this project, so the domain could not be validated',
    })
  })

  it('cover a website domain with a wildcard, which needs dns-01', async () => {
    const http = await platform.call('POST', base, { body: { name: 'wild', domains: ['*.shop.example.com'] } })
    expect(http.body.errors).toEqual([{ field: 'domains', message: 'a wildcard domain needs the dns-01 challenge' }])
    const t0 = Date.now()
    at(t0)
    await platform.call('POST', base, { body: { name: 'wild', domains: ['*.shop.example.com'], challenge: 'dns-01' } })
    at(t0 + 3 * STEP)
    expect((await read('wild')).status).toBe('active')
  })

  it('renew now: renewing at once with the old dates, then active with new ones', async () => {
    const t0 = Date.now()
    at(t0)
    await platform.call('POST', base, { body: { name: 'renew-me', domains: ['api.shop.example.com'] } })
    at(t0 + 10 * DAY)
    const before = await read('renew-me')
    const renewing = await platform.call('POST', `${base}/renew-me/renew`)
    expect(renewing.status).toBe(202)
    expect(renewing.body.data).toMatchObject({
      status: 'renewing',
      not_before: before.not_before,
      not_after: before.not_after,
    })
    at(t0 + 10 * DAY + 2 * STEP + 10)
    const renewed = await read('renew-me')
    expect(renewed.status).toBe('active')
    expect(Date.parse(renewed.not_before)).toBe(t0 + 10 * DAY + 2 * STEP)
    expect(renewed.serial).not.toBe(before.serial)
  })

  it('renew by themselves before expiry with auto-renew, and expire without it', async () => {
    const t0 = Date.now()
    at(t0)
    await platform.call('POST', base, {
      body: { name: 'auto', domains: ['static.shop.example.com'], renew_before_days: 10 },
    })
    await platform.call('POST', base, {
      body: { name: 'manual', domains: ['static.shop.example.com'], auto_renew: false },
    })
    // Issued two steps after t0, renewed from 10 days before its 90 are up, for two steps.
    at(t0 + 2 * STEP + 80 * DAY + 10)
    expect((await read('auto')).status).toBe('renewing')
    at(t0 + 4 * STEP + 80 * DAY + 10)
    const auto = await read('auto')
    expect(auto.status).toBe('active')
    expect(Date.parse(auto.not_after)).toBeGreaterThan(t0 + 160 * DAY)
    const manual = await read('manual')
    expect(manual).toMatchObject({ status: 'active', next_renewal_at: null })
    at(t0 + 91 * DAY)
    expect((await read('manual')).status).toBe('expired')
  })

  it('change only their renewal settings, by PATCH; there is no PUT', async () => {
    await platform.call('POST', base, { body: { name: 'settings', domains: ['shop.example.com'] } })
    const etag = (await platform.call('GET', `${base}/settings`)).headers.get('etag') ?? ''
    const fixed = await platform.call('PATCH', `${base}/settings`, {
      body: { domains: ['api.shop.example.com'], key_type: 'rsa_2048' },
      headers: { 'if-match': etag },
    })
    expect(fixed.status).toBe(400)
    expect(fixed.body.errors.map((e: { field: string }) => e.field)).toEqual(['domains', 'key_type'])
    const changed = await platform.call('PATCH', `${base}/settings`, {
      body: { auto_renew: false, renew_before_days: 14 },
      headers: { 'if-match': etag },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ auto_renew: false, renew_before_days: 14 })
    const put = await platform.call('PUT', `${base}/settings`, {
      body: { domains: ['shop.example.com'] },
      headers: { 'if-match': '*' },
    })
    expect(put.status).toBe(404)
  })

  it('are listed, found by the global search, and seeded active for the storefront', async () => {
    const seeded = await read('storefront-cert')
    expect(seeded).toMatchObject({ status: 'active', domains: ['shop.example.com', 'www.shop.example.com'] })
    const list = await platform.call('GET', `${base}?items=100`)
    expect(list.body.data.map((c: { name: string }) => c.name)).toContain('storefront-cert')
    const search = await platform.call('GET', '/api/core/v0/search?query=www.shop.example')
    const hit = search.body.data.find(
      (r: { resource: { data: { name: string } } }) => r.resource.data.name === 'storefront-cert',
    )
    expect(hit?.resource.name).toBe('managed-certificates')
  })

  it('are managed by operators; viewers read them and cannot renew', async () => {
    const operator = await platform.tokenFor(OPERATOR, ['wadp.*.*'])
    const viewer = await platform.tokenFor(VIEWER, ['wadp.*.*'])
    expect(
      (await platform.call('POST', base, { token: operator, body: { name: 'op-cert', domains: ['shop.example.com'] } }))
        .status,
    ).toBe(201)
    expect((await platform.call('GET', `${base}/op-cert`, { token: viewer })).status).toBe(200)
    expect((await platform.call('POST', `${base}/op-cert/renew`, { token: viewer })).status).toBe(403)
  })
})
