import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { RateLimitFields } from '../../src/types/rate-limits/fields.ts'
import { setUpPlatform } from './support.ts'

const platform = setUpPlatform({ syncDelay: '60000' })
const base = '/api/core/v0/projects/shop'

describe('rate limits', () => {
  it('are created with every default of their schema', async () => {
    const created = await platform.call('POST', `${base}/ratelimits`, { body: { name: 'api-limit' } })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject(v.parse(RateLimitFields, {}))
  })

  it('count by typed keys, each checked on its own position', async () => {
    const ok = await platform.call('POST', `${base}/ratelimits`, {
      body: { name: 'by-key', keys: ['ip_prefix', 'header:X-Api-Key', 'query:api_key'] },
    })
    expect(ok.status).toBe(201)
    expect(ok.body.data.keys).toEqual(['ip_prefix', 'header:X-Api-Key', 'query:api_key'])
    const bad = await platform.call('POST', `${base}/ratelimits`, {
      body: { name: 'bad-keys', keys: ['ip', 'header:', 'country:fr', 'asn', 'cookie:a b'] },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual([
      { field: 'keys.1', message: 'name the header' },
      { field: 'keys.2', message: 'country takes no name' },
      { field: 'keys.3', message: 'must be ip, ip_prefix, country, header:NAME, cookie:NAME or query:NAME' },
      { field: 'keys.4', message: "the cookie name must be letters, digits and -_.!#$%&'*+^`|~ (at most 128)" },
    ])
    const none = await platform.call('POST', `${base}/ratelimits`, { body: { name: 'no-keys', keys: [] } })
    expect(none.body.errors).toEqual([{ field: 'keys', message: 'count requests by at least one key' }])
    const twice = await platform.call('POST', `${base}/ratelimits`, { body: { name: 'twice', keys: ['ip', 'ip'] } })
    expect(twice.body.errors).toEqual([{ field: 'keys', message: 'each key once' }])
  })

  it('name a captcha only to challenge with, and an existing one', async () => {
    const missing = await platform.call('POST', `${base}/ratelimits`, {
      body: { name: 'needs-captcha', action: 'challenge' },
    })
    expect(missing.body.errors).toEqual([{ field: 'challenge', message: 'pick the captcha to show' }])
    const ghost = await platform.call('POST', `${base}/ratelimits`, {
      body: { name: 'ghost-captcha', action: 'challenge', challenge: 'ghost' },
    })
    expect(ghost.status).toBe(400)
    expect(ghost.body.errors).toEqual([{ field: 'challenge', message: 'captcha ghost does not exist' }])
    // A captcha left from a challenge action means nothing once the action blocks: it is dropped.
    const blocks = await platform.call('POST', `${base}/ratelimits`, {
      body: { name: 'blocks', action: 'block', challenge: 'storefront-challenge' },
    })
    expect(blocks.status).toBe(201)
    expect(blocks.body.data.challenge).toBeNull()
  })

  it('refuse periods, penalties and paths outside the catalogue, on their fields', async () => {
    const res = await platform.call('POST', `${base}/ratelimits`, {
      body: {
        name: 'odd',
        period_s: 30,
        penalty_s: 10,
        limit: 0,
        match: { paths: ['login'], match_type: 'prefix' },
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'period_s', message: 'must be 1, 10, 60, 300 or 3600 seconds' },
        { field: 'penalty_s', message: 'must be at least 60' },
        { field: 'limit', message: 'must be at least 1' },
        { field: 'match.paths', message: 'each path must start with /' },
      ]),
    )
    const regex = await platform.call('POST', `${base}/ratelimits`, {
      body: { name: 'regex', match: { paths: ['^/api/(v1|v2'], match_type: 'regex' } },
    })
    expect(regex.body.errors).toEqual([
      { field: 'match.paths', message: 'each path must be a valid regular expression' },
    ])
  })

  it('are a real reference of a website and keep the captcha they challenge with', async () => {
    const site = await platform.call('GET', `${base}/websites/shop-example-com`)
    expect(site.body.data.rate_limits).toEqual(['login-throttle'])
    const limit = await platform.call('GET', `${base}/ratelimits/login-throttle`)
    expect(limit.body.data).toMatchObject({ action: 'challenge', challenge: 'storefront-challenge' })
    const busy = await platform.call('DELETE', `${base}/ratelimits/login-throttle`, {
      headers: { 'if-match': limit.headers.get('etag') ?? '' },
    })
    expect(busy.status).toBe(409)
    expect(busy.body.message).toBe('rate limit login-throttle is still used by website shop-example-com')
  })
})
