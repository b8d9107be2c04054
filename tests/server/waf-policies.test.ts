import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { WafPolicyFields } from '../../src/types/waf-policies/fields.ts'
import { setUpPlatform } from './support.ts'

const platform = setUpPlatform({ syncDelay: '60000' })
const base = '/api/core/v0/projects/shop'

describe('WAF policies', () => {
  it('are created with every default of their schema and listed', async () => {
    const created = await platform.call('POST', `${base}/wafconfigs`, { body: { name: 'api-waf' } })
    expect(created.status).toBe(201)
    // Every default of the schema, which tests/domain/configuration-schemas.test.ts holds to RESOURCES.md.
    expect(created.body.data).toMatchObject(v.parse(WafPolicyFields, {}))
    const list = await platform.call('GET', `${base}/wafconfigs?sort=name`)
    expect(list.body.data.map((p: { name: string }) => p.name)).toEqual(['api-waf', 'storefront-waf'])
  })

  it('refuses a paranoia level outside 1-4 and a rule overridden twice, on their fields', async () => {
    const res = await platform.call('POST', `${base}/wafconfigs`, {
      body: {
        name: 'bad-waf',
        paranoia_level: 5,
        rule_overrides: [
          { rule_id: '942100', action: 'log' },
          { rule_id: '942100', action: 'disable' },
        ],
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual(
      expect.arrayContaining([{ field: 'paranoia_level', message: expect.stringContaining('4') }]),
    )
  })

  it('is a real reference of a director: a missing one is refused, a used one kept, naming the director', async () => {
    const missing = await platform.call('POST', `${base}/directors`, {
      body: { name: 'guarded', backends: [{ host: 'g.example.com', port: 443 }], waf_config: 'ghost-waf' },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual([{ field: 'waf_config', message: 'WAF policy ghost-waf does not exist' }])

    const seeded = await platform.call('GET', `${base}/directors/shop-origin`)
    expect(seeded.body.data.waf_config).toBe('storefront-waf')
    const current = await platform.call('GET', `${base}/wafconfigs/storefront-waf`)
    const busy = await platform.call('DELETE', `${base}/wafconfigs/storefront-waf`, {
      headers: { 'if-match': current.headers.get('etag') ?? '' },
    })
    expect(busy.status).toBe(409)
    expect(busy.body.message).toBe('WAF policy storefront-waf is still used by director shop-origin')
  })

  it('is found by the global search and named for its detail page', async () => {
    const res = await platform.call('GET', '/api/core/v0/search?query=storefront-waf')
    expect(res.body.data.map((r: { resource: { name: string } }) => r.resource)).toEqual([
      { name: 'waf-policies', data: { name: 'storefront-waf', display_name: 'Storefront WAF' } },
    ])
  })
})
