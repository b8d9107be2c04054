/**
 * Issue 25: what protects a website, and what uses a policy, is seen on both pages, through other
 * resources too. A GET of one carries `referenced_by` (what uses it, directly or through others) and
 * `uses` (what it uses, the same way), from the definitions' references; a page rule's website and an
 * access token's websites name what they belong to, and no chain goes on through them.
 */
import { describe, expect, it } from 'vitest'
import { ownerFieldsOf } from '../../src/domain/resource-ui.ts'
import { RESOURCE_UIS } from '../../src/types/screens.ts'
import { setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform({ syncDelay: '60000' })
const core = '/api/core/v0/projects/shop'

const get = async (type: string, name: string) => (await platform.call('GET', `${core}/${type}/${name}`)).body.data

describe('what uses a resource and what it uses, through references', () => {
  it('shows a WAF policy used by its director and, through it, by the websites served by that director', async () => {
    const waf = await get('wafconfigs', 'storefront-waf')
    expect(waf.referenced_by).toEqual([
      { type: 'directors', name: 'shop-origin', field: 'waf_config' },
      {
        type: 'websites',
        name: 'shop-example-com',
        field: 'default_director',
        through: [{ type: 'directors', name: 'shop-origin', field: 'waf_config' }],
      },
    ])
    // A WAF policy names nothing: it has no `uses`.
    expect(waf.uses).toBeUndefined()
  })

  it('shows every protection a website has, and where each comes from', async () => {
    const site = await get('websites', 'shop-example-com')
    expect(site.uses).toEqual(
      expect.arrayContaining([
        { type: 'directors', name: 'shop-origin', field: 'default_director' },
        { type: 'sslpolicies', name: 'storefront-tls', field: 'ssl_policies' },
        { type: 'ratelimits', name: 'login-throttle', field: 'rate_limits' },
        { type: 'challenges', name: 'storefront-challenge', field: 'challenges' },
        {
          type: 'wafconfigs',
          name: 'storefront-waf',
          field: 'default_director',
          through: [{ type: 'directors', name: 'shop-origin', field: 'waf_config' }],
        },
        {
          type: 'iplists',
          name: 'office-network',
          field: 'rate_limits',
          through: [{ type: 'ratelimits', name: 'login-throttle', field: 'bypass_iplists' }],
        },
      ]),
    )
    // The captcha is named by the website itself: listed once, directly, not again through the rate limit.
    expect(site.uses.filter((link: { name: string }) => link.name === 'storefront-challenge')).toHaveLength(1)
  })

  it('follows a page rule to its director and that director to its WAF policy, and shows a change at once', async () => {
    await platform.call('POST', `${core}/wafconfigs`, { body: { name: 'api-waf', mode: 'detect' } })
    // Both answers are cached now; the change below must still show in both.
    expect((await get('wafconfigs', 'api-waf')).referenced_by).toEqual([])
    expect((await get('websites', 'shop-example-com')).uses).not.toContainEqual(
      expect.objectContaining({ name: 'api-waf' }),
    )
    const director = await platform.call('PATCH', `${core}/directors/api-origin`, {
      body: { waf_config: 'api-waf' },
      headers: { 'if-match': '*' },
    })
    expect(director.status).toBe(200)
    const rule = await platform.call('POST', `${core}/pagerules`, {
      body: {
        name: 'api-to-api-origin',
        website: 'shop-example-com',
        priority: 5,
        match: { path: '/api/*', match_type: 'glob' },
        action: { kind: 'director', director: 'api-origin' },
      },
    })
    expect(rule.status).toBe(201)
    const site = await platform.call('PATCH', `${core}/websites/shop-example-com`, {
      body: { page_rules: ['api-to-api-origin'] },
      headers: { 'if-match': '*' },
    })
    expect(site.status).toBe(200)

    const waf = await get('wafconfigs', 'api-waf')
    expect(waf.referenced_by).toEqual([
      { type: 'directors', name: 'api-origin', field: 'waf_config' },
      {
        type: 'websites',
        name: 'api-shop-example-com',
        field: 'default_director',
        through: [{ type: 'directors', name: 'api-origin', field: 'waf_config' }],
      },
      {
        type: 'pagerules',
        name: 'api-to-api-origin',
        field: 'action.director',
        through: [{ type: 'directors', name: 'api-origin', field: 'waf_config' }],
      },
      {
        type: 'websites',
        name: 'shop-example-com',
        field: 'page_rules',
        through: [
          { type: 'pagerules', name: 'api-to-api-origin', field: 'action.director' },
          { type: 'directors', name: 'api-origin', field: 'waf_config' },
        ],
      },
    ])
    expect((await get('websites', 'shop-example-com')).uses).toContainEqual({
      type: 'wafconfigs',
      name: 'api-waf',
      field: 'page_rules',
      through: [
        { type: 'pagerules', name: 'api-to-api-origin', field: 'action.director' },
        { type: 'directors', name: 'api-origin', field: 'waf_config' },
      ],
    })
    const page = await get('pagerules', 'api-to-api-origin')
    // The rule belongs to its website: it does not use the website's own policies through it.
    expect(page.uses).toEqual([
      { type: 'directors', name: 'api-origin', field: 'action.director' },
      {
        type: 'wafconfigs',
        name: 'api-waf',
        field: 'action.director',
        through: [{ type: 'directors', name: 'api-origin', field: 'waf_config' }],
      },
    ])
  })

  it('lists what belongs to a resource as used by it directly, and goes no further through it', async () => {
    const token = await platform.call('POST', `${core}/access-tokens`, {
      body: { name: 'partner-monitoring', websites: ['shop-example-com'] },
    })
    expect(token.status).toBe(201)
    const site = await get('websites', 'shop-example-com')
    expect(site.referenced_by).toEqual([
      { type: 'pagerules', name: 'api-to-api-origin', field: 'website' },
      { type: 'access-tokens', name: 'partner-monitoring', field: 'websites' },
    ])
  })

  it('shows each caller only the links to the types it may read', async () => {
    // A viewer reads websites and page rules, not access tokens (admins only).
    const viewer = await platform.tokenFor(VIEWER, ['wadp.*.*'])
    const site = await platform.call('GET', `${core}/websites/shop-example-com`, { token: viewer })
    expect(site.status).toBe(200)
    expect(site.body.data.referenced_by).toEqual([{ type: 'pagerules', name: 'api-to-api-origin', field: 'website' }])
    expect(site.body.data.uses).toContainEqual({ type: 'directors', name: 'shop-origin', field: 'default_director' })
  })

  it('ignores referenced_by and uses in a body, so a record read back can be written again', async () => {
    const read = await platform.call('GET', `${core}/wafconfigs/storefront-waf`)
    const written = await platform.call('PUT', `${core}/wafconfigs/storefront-waf`, {
      body: read.body.data,
      headers: { 'if-match': read.headers.get('etag') ?? '' },
    })
    expect(written.status).toBe(200)
  })

  it("takes each type's owner references from its screen", () => {
    for (const ui of RESOURCE_UIS) {
      const definition = platform.server.ctx.resources.definition(ui.type)
      expect([...(definition?.owners ?? [])].sort(), ui.type).toEqual(ownerFieldsOf(ui).sort())
    }
  })
})
