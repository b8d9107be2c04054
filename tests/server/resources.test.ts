import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { OPERATOR, queryRows, setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform()
const base = '/api/core/v0/projects/shop'

const director = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  backends: [{ host: 'origin.example.com', port: 443 }],
  ...extra,
})

describe('directors', () => {
  it('creates a director with the section 3 defaults and reads it back with its ETag', async () => {
    const created = await platform.call('POST', `${base}/directors`, { body: director('blue-origin') })
    expect(created.status).toBe(201)
    expect(created.headers.get('etag')).toBe('"1"')
    expect(created.headers.get('location')).toBe(`${base}/directors/blue-origin`)
    expect(created.body.data).toMatchObject({
      name: 'blue-origin',
      type: 'round_robin',
      backends: [{ host: 'origin.example.com', port: 443, weight: 1 }],
      probe: {
        enabled: true,
        method: 'GET',
        path: '/',
        status_code: 200,
        window: 3,
        threshold: 2,
        interval_seconds: 10,
        timeout_seconds: 5,
      },
      timeout: { connect_timeout: 30, read_timeout: 30, send_timeout: 30 },
      tls: { enabled: false, session_reuse: true, protocols: [] },
      revision: 1,
      created_by: 'admin@example.com',
    })
    const read = await platform.call('GET', `${base}/directors/blue-origin`)
    expect(read.status).toBe(200)
    expect(read.headers.get('etag')).toBe('"1"')
  })

  it('reports every invalid field by its path', async () => {
    const res = await platform.call('POST', `${base}/directors`, {
      body: {
        name: 'Bad Name',
        type: 'round_robin_sticky_cookie',
        backends: [{ host: 'not a host', port: 70000 }],
        color: 'red',
      },
    })
    expect(res.status).toBe(400)
    const fields = res.body.errors.map((e: { field: string }) => e.field).sort()
    // The sticky cookie a cookie-sticky type needs is named too, beside the mistakes in its backends.
    expect(fields).toEqual(['backends.0.host', 'backends.0.port', 'color', 'name', 'sticky_cookie'])
    expect(res.body.errors.find((e: { field: string }) => e.field === 'color').message).toBe(
      'is not a field of this resource',
    )
  })

  it('requires the sticky cookie for cookie-sticky types and a threshold within the window', async () => {
    const res = await platform.call('POST', `${base}/directors`, {
      body: director('sticky', { type: 'shard_sticky_cookie', probe: { window: 2, threshold: 3 } }),
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual(
      expect.arrayContaining([{ field: 'probe.threshold', message: 'must not exceed the window' }]),
    )
    const fixed = await platform.call('POST', `${base}/directors`, {
      body: director('sticky', { type: 'shard_sticky_cookie' }),
    })
    expect(fixed.body.errors).toEqual([
      { field: 'sticky_cookie', message: 'a cookie name is required for this director type' },
    ])
  })

  it('refuses a second director with the same name', async () => {
    await platform.call('POST', `${base}/directors`, { body: director('twin') })
    const again = await platform.call('POST', `${base}/directors`, { body: director('twin') })
    expect(again.status).toBe(409)
    expect(again.body.errors).toEqual([{ field: 'name', message: 'is already taken' }])
  })

  it('requires If-Match to update, and answers 409 with the current version when it is stale', async () => {
    await platform.call('POST', `${base}/directors`, { body: director('guarded') })
    const noPrecondition = await platform.call('PUT', `${base}/directors/guarded`, { body: director('guarded') })
    expect(noPrecondition.status).toBe(412)
    const first = await platform.call('PATCH', `${base}/directors/guarded`, {
      body: { type: 'weighted' },
      headers: { 'if-match': '"1"' },
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ type: 'weighted', revision: 2 })
    expect(first.headers.get('etag')).toBe('"2"')
    const stale = await platform.call('PUT', `${base}/directors/guarded`, {
      body: director('guarded'),
      headers: { 'if-match': '"1"' },
    })
    expect(stale.status).toBe(409)
    expect(stale.body.data).toMatchObject({ name: 'guarded', type: 'weighted', revision: 2 })
    expect(stale.body.message).toContain('revision 2')
  })

  it('keeps names immutable', async () => {
    await platform.call('POST', `${base}/directors`, { body: director('fixed-name') })
    const res = await platform.call('PUT', `${base}/directors/fixed-name`, {
      body: director('other-name'),
      headers: { 'if-match': '"1"' },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'name', message: 'cannot be changed after creation' }])
  })

  it('refuses to delete a director a website uses, naming the website', async () => {
    const res = await platform.call('DELETE', `${base}/directors/shop-origin`, { headers: { 'if-match': '*' } })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('director shop-origin is still used by website shop-example-com')
    expect(res.body.data.referrers).toEqual([
      { type: 'websites', label: 'website', name: 'shop-example-com', field: 'default_director' },
    ])
  })

  it('deletes with If-Match and then answers 404', async () => {
    await platform.call('POST', `${base}/directors`, { body: director('short-lived') })
    const stale = await platform.call('DELETE', `${base}/directors/short-lived`, { headers: { 'if-match': '"7"' } })
    expect(stale.status).toBe(409)
    const deleted = await platform.call('DELETE', `${base}/directors/short-lived`, { headers: { 'if-match': '"1"' } })
    expect(deleted.status).toBe(204)
    const gone = await platform.call('GET', `${base}/directors/short-lived`)
    expect(gone.status).toBe(404)
    expect(gone.body.message).toBe('director short-lived not found')
  })
})

describe('websites', () => {
  it('creates a website with the section 3 defaults', async () => {
    const res = await platform.call('POST', `${base}/websites`, {
      body: { name: 'docs-example-com', domain_name: 'Docs.Example.com', default_director: 'shop-origin' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      domain_name: 'docs.example.com',
      domain_aliases: [],
      ssl_policies: [],
      rate_limits: [],
      challenges: [],
      page_rules: [],
      default_rules: {
        trust_x_forwarded_for: false,
        streaming_enabled: false,
        retry_on_5xx_error: true,
        debug_mode: false,
        api_path_enabled: false,
        api_path: '/api',
        geoip_lookup_country_enabled: false,
        geoip_lookup_continent_enabled: false,
        hsts_enabled: false,
        custom_vcl_recv: null,
        custom_vcl_synth: null,
        custom_vcl_backend_fetch: null,
        custom_vcl_backend_response: null,
        custom_vcl_deliver: null,
      },
      cache: { default_ttl_s: 3600, redirect_http_to_https: false },
    })
  })

  it('refuses a reference to a director that does not exist', async () => {
    const res = await platform.call('POST', `${base}/websites`, {
      body: { name: 'orphan', domain_name: 'orphan.example.com', default_director: 'ghost' },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'default_director', message: 'director ghost does not exist' }])
  })

  it('keeps domains and aliases unique across the platform', async () => {
    const res = await platform.call('POST', `${base}/websites`, {
      body: {
        name: 'copycat',
        domain_name: 'fresh.example.com',
        domain_aliases: ['www.shop.example.com'],
        default_director: 'shop-origin',
      },
    })
    expect(res.status).toBe(409)
    expect(res.body.errors).toEqual([
      { field: 'domain_aliases', message: 'www.shop.example.com is already used by website shop-example-com' },
    ])
    // Either way round: a domain that is another website's alias, an alias that is another's domain.
    const domainIsAlias = await platform.call('POST', `${base}/websites`, {
      body: { name: 'copycat', domain_name: 'www.shop.example.com', default_director: 'shop-origin' },
    })
    expect(domainIsAlias.body.errors).toEqual([
      { field: 'domain_name', message: 'www.shop.example.com is already used by website shop-example-com' },
    ])
    const aliasIsDomain = await platform.call('POST', `${base}/websites`, {
      body: {
        name: 'copycat',
        domain_name: 'fresh.example.com',
        domain_aliases: ['api.shop.example.com'],
        default_director: 'shop-origin',
      },
    })
    expect(aliasIsDomain.body.errors).toEqual([
      { field: 'domain_aliases', message: 'api.shop.example.com is already used by website api-shop-example-com' },
    ])
    // The edge sends a host to one project (server/edge/top.ts): another project may not claim it, as its
    // domain or an alias, and learns no more of the website that holds it than that it exists.
    const other = await platform.call('POST', '/api/core/v0/projects/media/websites', {
      body: { name: 'shop-mirror', domain_name: 'shop.example.com', default_director: 'media-origin' },
    })
    expect([other.status, other.body.errors]).toEqual([
      409,
      [{ field: 'domain_name', message: 'shop.example.com is already used by another project' }],
    ])
    const otherAlias = await platform.call('POST', '/api/core/v0/projects/media/websites', {
      body: {
        name: 'shop-mirror',
        domain_name: 'mirror.media.example.com',
        domain_aliases: ['api.shop.example.com'],
        default_director: 'media-origin',
      },
    })
    expect([otherAlias.status, otherAlias.body.errors]).toEqual([
      409,
      [{ field: 'domain_aliases', message: 'api.shop.example.com is already used by another project' }],
    ])
    const quick = await platform.call('POST', '/api/core/v0/projects/media/quick-setup', {
      body: {
        domain_name: 'www.shop.example.com',
        backend: { directorOption: 'existing' },
        default_director: 'media-origin',
      },
    })
    expect([quick.status, quick.body.errors]).toEqual([
      409,
      [{ field: 'website', message: 'domain name already used' }],
    ])
  })

  it('gives a domain to one website only when several claim it at once', async () => {
    // Half claim it as their domain, half as an alias; on PostgreSQL they run on separate connections.
    const claims = Array.from({ length: 8 }, (_, i) =>
      platform.call('POST', `${base}/websites`, {
        body:
          i % 2 === 0
            ? { name: `race-${i}`, domain_name: 'race.example.com', default_director: 'shop-origin' }
            : {
                name: `race-${i}`,
                domain_name: `race-${i}.example.com`,
                domain_aliases: ['race.example.com'],
                default_director: 'shop-origin',
              },
      }),
    )
    const answers = await Promise.all(claims)
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    const winner = answers.findIndex((answer) => answer.status === 201)
    const domains = await platform.call('GET', '/api/core/v0/projects/shop/domains')
    expect(domains.body.data.filter((domain: string) => domain === 'race.example.com')).toHaveLength(1)
    const removed = await platform.call('DELETE', `${base}/websites/race-${winner}`, { headers: { 'if-match': '*' } })
    expect(removed.status).toBe(204)
  })

  it('never leaves a website naming a director deleted at the same moment', async () => {
    // On PostgreSQL the two writes run on separate connections: the delete finds the website and is
    // refused, or the website finds the director gone and is refused.
    for (let round = 0; round < 6; round += 1) {
      const origin = `raced-origin-${round}`
      const site = `raced-site-${round}`
      expect((await platform.call('POST', `${base}/directors`, { body: director(origin) })).status).toBe(201)
      const [website, removed] = await Promise.all([
        platform.call('POST', `${base}/websites`, {
          body: { name: site, domain_name: `${site}.example.com`, default_director: origin },
        }),
        platform.call('DELETE', `${base}/directors/${origin}`, { headers: { 'if-match': '*' } }),
      ])
      expect([
        [201, 409],
        [400, 204],
      ]).toContainEqual([website.status, removed.status])
      const stored = (await platform.call('GET', `${base}/websites/${site}`)).status
      const named = (await platform.call('GET', `${base}/directors/${origin}`)).status
      expect([stored, named], `round ${round}: website ${website.status}, delete ${removed.status}`).not.toEqual([
        200, 404,
      ])
      await platform.call('DELETE', `${base}/websites/${site}`, { headers: { 'if-match': '*' } })
      await platform.call('DELETE', `${base}/directors/${origin}`, { headers: { 'if-match': '*' } })
    }
  })

  it('pages, sorts and filters lists, keeping the envelope', async () => {
    const page = await platform.call('GET', `${base}/websites?items=2&page=1&sort=-name`)
    expect(page.status).toBe(200)
    expect(page.body.meta).toMatchObject({ page: 1, items: 2 })
    expect(page.body.meta.total).toBeGreaterThanOrEqual(3)
    const names = page.body.data.map((w: { name: string }) => w.name)
    expect(names).toEqual([...names].sort().reverse())
    const filtered = await platform.call('GET', `${base}/websites?q=STATIC`)
    expect(filtered.body.data.map((w: { name: string }) => w.name)).toEqual(['static-shop-example-com'])
    const badSort = await platform.call('GET', `${base}/websites?sort=password`)
    expect(badSort.status).toBe(400)
    expect(badSort.body.errors[0].field).toBe('sort')
    const tooMany = await platform.call('GET', `${base}/websites?items=10001`)
    expect(tooMany.status).toBe(400)
  })

  it('shows a change in the list at once (no stale cache)', async () => {
    await platform.call('GET', `${base}/websites?q=fresh-list`)
    await platform.call('POST', `${base}/websites`, {
      body: { name: 'fresh-list-example-com', domain_name: 'fresh-list.example.com', default_director: 'shop-origin' },
    })
    const after = await platform.call('GET', `${base}/websites?q=fresh-list`)
    expect(after.body.data).toHaveLength(1)
  })

  it('lists the project domains', async () => {
    const res = await platform.call('GET', `${base}/domains`)
    expect(res.body.data).toEqual(
      expect.arrayContaining(['shop.example.com', 'www.shop.example.com', 'api.shop.example.com']),
    )
  })
})

describe('permissions and errors on every resource endpoint', () => {
  it('answers 401 without a token and with an unknown one', async () => {
    expect((await platform.call('GET', `${base}/websites`, { token: null })).status).toBe(401)
    expect((await platform.call('GET', `${base}/websites`, { token: 'nope' })).status).toBe(401)
  })

  it('lets a viewer read but not write', async () => {
    const viewer = await platform.tokenFor(VIEWER, ['wadp.*.list', 'wadp.*.get'])
    expect((await platform.call('GET', `${base}/websites`, { token: viewer })).status).toBe(200)
    expect((await platform.call('GET', `${base}/websites/shop-example-com`, { token: viewer })).status).toBe(200)
    const write = await platform.call('POST', `${base}/directors`, { token: viewer, body: director('nope') })
    expect(write.status).toBe(403)
    expect(write.body.message).toBe('missing permission wadp.directors.create')
    const remove = await platform.call('DELETE', `${base}/websites/shop-example-com`, {
      token: viewer,
      headers: { 'if-match': '*' },
    })
    expect(remove.status).toBe(403)
  })

  it('lets an operator change configuration but not the platform', async () => {
    const operator = await platform.tokenFor(OPERATOR, ['wadp.*.*'])
    expect(
      (await platform.call('POST', `${base}/directors`, { token: operator, body: director('by-operator') })).status,
    ).toBe(201)
    expect((await platform.call('GET', '/api/core/v0/nodes', { token: operator })).status).toBe(403)
    expect(
      (
        await platform.call('POST', '/api/auth/v0/projects', {
          token: operator,
          body: { name: 'x', customer: 'acme-retail' },
        })
      ).status,
    ).toBe(403)
  })

  it('answers 404 for an unknown project and an invalid name with 400', async () => {
    const missing = await platform.call('GET', '/api/core/v0/projects/atlantis/websites')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('project atlantis not found')
    const invalid = await platform.call('GET', `${base}/websites/UPPER`)
    expect(invalid.status).toBe(400)
    expect(invalid.body.errors[0].field).toBe('name')
  })

  it('records an audit entry with before and after for every change', async () => {
    await platform.call('POST', `${base}/directors`, { body: director('audited') })
    await platform.call('PATCH', `${base}/directors/audited`, {
      body: { type: 'fallback' },
      headers: { 'if-match': '"1"' },
    })
    type Entry = {
      action: string
      project: string
      changes: { before: { type?: string } | null; after: { type: string } }
    }
    const entries = await queryRows<Entry>(
      platform,
      sql`select action, project, changes from audit_log where resource_name = 'audited' order by id`,
    )
    expect(entries.map((e) => e.action)).toEqual(['directors.create', 'directors.update'])
    expect(entries[1]?.project).toBe('shop')
    expect(entries[1]?.changes.before?.type).toBe('round_robin')
    expect(entries[1]?.changes.after.type).toBe('fallback')
  })
})

describe('organizations, customers and projects', () => {
  it('creates the hierarchy and shows it with parents', async () => {
    expect(
      (
        await platform.call('POST', '/api/auth/v0/organizations', {
          body: { name: 'initech', display_name: 'Initech' },
        })
      ).status,
    ).toBe(201)
    expect(
      (await platform.call('POST', '/api/auth/v0/customers', { body: { name: 'initech-it', organization: 'initech' } }))
        .status,
    ).toBe(201)
    const project = await platform.call('POST', '/api/auth/v0/projects', {
      body: { name: 'tps', display_name: 'TPS Reports', customer: 'initech-it' },
    })
    expect(project.status).toBe(201)
    const core = await platform.call('GET', '/api/core/v0/projects/tps')
    expect(core.body.data).toEqual({
      name: 'tps',
      display_name: 'TPS Reports',
      '@parents': {
        customer: { name: 'initech-it', display_name: null },
        organization: { name: 'initech', display_name: 'Initech' },
      },
    })
    const auth = await platform.call('GET', '/api/auth/v0/projects/tps')
    expect(auth.body.data).toMatchObject({ name: 'tps', customer: 'initech-it' })
  })

  it('refuses a customer of an unknown organization and deleting a customer with projects', async () => {
    const orphan = await platform.call('POST', '/api/auth/v0/customers', {
      body: { name: 'lost', organization: 'nowhere' },
    })
    expect(orphan.body.errors).toEqual([{ field: 'organization', message: 'organization nowhere does not exist' }])
    const busy = await platform.call('DELETE', '/api/auth/v0/customers/acme-retail', { headers: { 'if-match': '*' } })
    expect(busy.status).toBe(409)
    expect(busy.body.message).toContain('project shop')
  })

  it('deletes a project together with its configuration', async () => {
    await platform.call('POST', '/api/auth/v0/projects', { body: { name: 'doomed', customer: 'acme-media' } })
    await platform.call('POST', '/api/core/v0/projects/doomed/directors', { body: director('doomed-origin') })
    const deleted = await platform.call('DELETE', '/api/auth/v0/projects/doomed', { headers: { 'if-match': '"1"' } })
    expect(deleted.status).toBe(204)
    const [left] = await queryRows<{ n: number }>(
      platform,
      sql`select count(*)::int as n from resources where scope = 'doomed'`,
    )
    expect(left?.n).toBe(0)
    expect((await platform.call('GET', '/api/core/v0/projects/doomed/directors')).status).toBe(404)
  })

  it('lets a project member read the project’s auth info without auth.projects.get', async () => {
    const operator = await platform.tokenFor(OPERATOR, ['wadp.*.*'])
    const res = await platform.call('GET', '/api/auth/v0/projects/shop', { token: operator })
    expect(res.status).toBe(200)
    expect((await platform.call('GET', '/api/auth/v0/organizations', { token: operator })).status).toBe(403)
  })
})
