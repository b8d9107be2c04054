import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CaptchaFields } from '../../src/types/captchas/fields.ts'
import { OPERATOR, queryRows, setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform({ syncDelay: '60000' })
const base = '/api/core/v0/projects/shop'
const SECRET = '0x4AAAAAAAsecret-do-not-leak'

async function etagOf(name: string): Promise<string> {
  const res = await platform.call('GET', `${base}/challenges/${name}`)
  return res.headers.get('etag') ?? ''
}

describe('captchas', () => {
  it('are created with every default of their schema and no secret', async () => {
    const created = await platform.call('POST', `${base}/challenges`, { body: { name: 'pow' } })
    expect(created.status).toBe(201)
    const { secret, ...defaults } = v.parse(CaptchaFields, {})
    expect(secret).toBeNull()
    expect(created.body.data).toMatchObject({ ...defaults, secret_set: false })
    expect(created.body.data).not.toHaveProperty('secret')
  })

  it('need the provider’s site key and secret for a provider type, each on its field', async () => {
    const noKeys = await platform.call('POST', `${base}/challenges`, { body: { name: 'ts', type: 'turnstile' } })
    expect(noKeys.status).toBe(400)
    expect(noKeys.body.errors).toEqual([
      { field: 'site_key', message: 'the provider’s site key is required for this type' },
    ])
    // None at all is refused by the schema the form validates with too, beside the site key.
    const none = await platform.call('POST', `${base}/challenges`, {
      body: { name: 'ts', type: 'recaptcha_v3', site_key: null, secret: null },
    })
    expect(none.status).toBe(400)
    expect(none.body.errors).toEqual([
      { field: 'site_key', message: 'the provider’s site key is required for this type' },
      { field: 'secret', message: 'the provider’s secret is required for this type' },
    ])
    const noSecret = await platform.call('POST', `${base}/challenges`, {
      body: { name: 'ts', type: 'turnstile', site_key: '0x4AAAAAAAsite' },
    })
    expect(noSecret.status).toBe(400)
    expect(noSecret.body.errors).toEqual([
      { field: 'secret', message: 'the provider’s secret is required for this type' },
    ])
  })

  it('never return the secret: not on create, get, list, search, a conflict or in the audit log', async () => {
    const created = await platform.call('POST', `${base}/challenges`, {
      body: { name: 'turnstile-login', type: 'turnstile', site_key: '0x4AAAAAAAsite', secret: SECRET },
    })
    expect(created.status).toBe(201)
    expect(created.body.data.secret_set).toBe(true)
    const responses = [
      created,
      await platform.call('GET', `${base}/challenges/turnstile-login`),
      await platform.call('GET', `${base}/challenges?items=100`),
      await platform.call('GET', '/api/core/v0/search?query=turnstile'),
      await platform.call('PUT', `${base}/challenges/turnstile-login`, {
        body: { type: 'turnstile', site_key: '0x4AAAAAAAsite' },
        headers: { 'if-match': '"999"' },
      }),
    ]
    for (const res of responses) expect(JSON.stringify(res.body)).not.toContain(SECRET)
    expect(
      responses[3]?.body.data.map((hit: { resource: { data: { name: string } } }) => hit.resource.data.name),
    ).toContain('turnstile-login')
    expect(responses[4]?.status).toBe(409)
    const audit = await queryRows<{ changes: unknown }>(
      platform,
      sql`select changes from audit_log where resource_type = 'challenges' and resource_name = 'turnstile-login'`,
    )
    expect(audit.length).toBeGreaterThan(0)
    expect(JSON.stringify(audit)).not.toContain(SECRET)
    expect(JSON.stringify(audit)).toContain('[redacted]')
  })

  it('keep the stored secret when an update leaves it out, and replace it when one is sent', async () => {
    await platform.call('POST', `${base}/challenges`, {
      body: { name: 'hc', type: 'hcaptcha', site_key: 'site-1', secret: 'first-secret' },
    })
    const kept = await platform.call('PUT', `${base}/challenges/hc`, {
      body: { type: 'hcaptcha', site_key: 'site-2', clearance_ttl_s: 3600 },
      headers: { 'if-match': await etagOf('hc') },
    })
    expect(kept.status).toBe(200)
    expect(kept.body.data).toMatchObject({ site_key: 'site-2', clearance_ttl_s: 3600, secret_set: true })
    const stored = async () =>
      (
        await queryRows<{ secret: string | null }>(
          platform,
          sql`select data->>'secret' as secret from resources where type = 'challenges' and name = 'hc'`,
        )
      )[0]?.secret
    expect(await stored()).toBe('first-secret')
    const replaced = await platform.call('PATCH', `${base}/challenges/hc`, {
      body: { secret: 'second-secret' },
      headers: { 'if-match': await etagOf('hc') },
    })
    expect(replaced.status).toBe(200)
    expect(await stored()).toBe('second-secret')
    // A built-in type has no provider account: the keys go.
    const builtIn = await platform.call('PATCH', `${base}/challenges/hc`, {
      body: { type: 'js_pow' },
      headers: { 'if-match': await etagOf('hc') },
    })
    expect(builtIn.body.data).toMatchObject({ type: 'js_pow', site_key: null, secret_set: false })
    expect(await stored()).toBeNull()
  })

  it('accept their own read-back body, secret_set included, without changing the secret', async () => {
    await platform.call('POST', `${base}/challenges`, {
      body: { name: 'rc', type: 'recaptcha_v3', site_key: 'site', secret: 'rc-secret', min_score: 0.5 },
    })
    const read = await platform.call('GET', `${base}/challenges/rc`)
    const { revision, created_at, created_by, updated_at, updated_by, ...body } = read.body.data
    const written = await platform.call('PUT', `${base}/challenges/rc`, {
      body: { ...body, min_score: 0.9 },
      headers: { 'if-match': read.headers.get('etag') ?? '' },
    })
    expect(written.status).toBe(200)
    expect(written.body.data).toMatchObject({ min_score: 0.9, secret_set: true })
  })

  it('are refused out of bounds, on their fields', async () => {
    const res = await platform.call('POST', `${base}/challenges`, {
      body: { name: 'bad', min_score: 1.5, clearance_ttl_s: 60, exempt: { paths: ['healthz'] } },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'min_score', message: 'must be at most 1' },
        { field: 'clearance_ttl_s', message: 'must be at least 300' },
        { field: 'exempt.paths.0', message: 'must start with /' },
      ]),
    )
  })

  it('are a real reference of a website, and a used one is kept', async () => {
    const site = await platform.call('GET', `${base}/websites/shop-example-com`)
    expect(site.body.data.challenges).toEqual(['storefront-challenge'])
    const missing = await platform.call('PATCH', `${base}/websites/shop-example-com`, {
      body: { challenges: ['ghost'] },
      headers: { 'if-match': site.headers.get('etag') ?? '' },
    })
    expect(missing.body.errors).toEqual([{ field: 'challenges', message: 'captcha ghost does not exist' }])
    const busy = await platform.call('DELETE', `${base}/challenges/storefront-challenge`, {
      headers: { 'if-match': await etagOf('storefront-challenge') },
    })
    expect(busy.status).toBe(409)
    expect(busy.body.message).toBe(
      'captcha storefront-challenge is still used by website shop-example-com, rate limit login-throttle',
    )
  })

  it('are managed by operators and only read by viewers', async () => {
    const operator = await platform.tokenFor(OPERATOR, ['wadp.*.*'])
    const viewer = await platform.tokenFor(VIEWER, ['wadp.*.*'])
    const byOperator = await platform.call('POST', `${base}/challenges`, { token: operator, body: { name: 'op-pow' } })
    expect(byOperator.status).toBe(201)
    expect((await platform.call('GET', `${base}/challenges/op-pow`, { token: viewer })).status).toBe(200)
    const byViewer = await platform.call('POST', `${base}/challenges`, { token: viewer, body: { name: 'v-pow' } })
    expect(byViewer.status).toBe(403)
  })
})
