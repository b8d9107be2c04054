import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../server/base/errors.ts'
import { Browser, exchangeCode, oidcCode, oidcSignIn, openLoginForm } from './oidc-browser.ts'
import { DEMO_PASSWORD, OPERATOR, queryRows, setUpPlatform, VIEWER } from './support.ts'

// A node applies a change 2.5-3 s after it: long enough that a read right after the change still says
// `not updated` on a busy machine (at 1-2 s, a CI run on PostgreSQL at load 5.8 read it after the node
// had applied it), short enough to wait for.
const platform = setUpPlatform({ syncDelay: '2500-3000' })
const shop = '/api/core/v0/projects/shop'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitForSync(path: string, done: (data: { updated: boolean; finished: boolean }) => boolean) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const res = await platform.call('GET', path)
    if (done(res.body.data)) return res.body.data
    await sleep(100)
  }
  throw new Error(`sync at ${path} never settled`)
}

describe('configuration sync', () => {
  it('moves from not updated to updated a moment after a change', async () => {
    await platform.call('POST', `${shop}/directors`, {
      body: { name: 'sync-probe', backends: [{ host: 'o.example.com', port: 80 }] },
    })
    const right = await platform.call('GET', `${shop}/sync?details=true`)
    expect(right.body.data.updated).toBe(false)
    expect(right.body.data.error).toBeNull()
    expect(right.body.data.details.length).toBeGreaterThanOrEqual(12)
    const countries = new Set(right.body.data.details.map((d: { endpoint: string }) => d.endpoint.split('-')[1]))
    for (const country of ['au', 'br', 'ca', 'de', 'es', 'fr', 'nl', 'pt', 'sg', 'uk', 'us'])
      expect(countries).toContain(country)
    const later = await waitForSync(`${shop}/sync?details=true`, (data) => data.updated)
    expect(later.finished).toBe(true)
  })

  it('leaves details out unless asked', async () => {
    const res = await platform.call('GET', `${shop}/sync`)
    expect(res.body.data.details).toEqual([])
  })

  it('reports a node in maintenance as not updated while the others finish', async () => {
    const node = await platform.call('GET', '/api/core/v0/nodes/pop-fr-par-2')
    const moved = await platform.call('PATCH', '/api/core/v0/nodes/pop-fr-par-2', {
      body: { status: 'maintenance' },
      headers: { 'if-match': node.headers.get('etag') ?? '' },
    })
    expect(moved.status).toBe(200)
    const admin = await waitForSync('/api/core/v0/admin-sync-state', (data) => data.finished)
    expect(admin.updated).toBe(false)
    const row = (
      admin as unknown as { details: { endpoint: string; maintenance: boolean; updated: boolean }[] }
    ).details.find((d) => d.endpoint === 'pop-fr-par-2')
    expect(row).toMatchObject({ maintenance: true, updated: false, available: true })
    await platform.call('PATCH', '/api/core/v0/nodes/pop-fr-par-2', {
      body: { status: 'active' },
      headers: { 'if-match': '*' },
    })
    await waitForSync('/api/core/v0/admin-sync-state', (data) => data.updated)
  })

  it('reports an unreachable node as unavailable', async () => {
    await platform.call('PATCH', '/api/core/v0/nodes/pop-sg-sin-1', {
      body: { reachable: false },
      headers: { 'if-match': '*' },
    })
    const state = await waitForSync(`${shop}/sync?details=true`, (data) => data.finished)
    const row = (
      state as unknown as { details: { endpoint: string; available: boolean; status_source: string }[] }
    ).details.find((d) => d.endpoint === 'pop-sg-sin-1')
    expect(row).toMatchObject({ available: false, status_source: 'simulated' })
    await platform.call('PATCH', '/api/core/v0/nodes/pop-sg-sin-1', {
      body: { reachable: true },
      headers: { 'if-match': '*' },
    })
  })

  it('keeps the admin sync state to those who may list nodes', async () => {
    const operator = await platform.tokenFor(OPERATOR, ['wadp.*.*'])
    expect((await platform.call('GET', '/api/core/v0/admin-sync-state', { token: operator })).status).toBe(403)
    expect((await platform.call('GET', `${shop}/sync`, { token: operator })).status).toBe(200)
  })
})

describe('global search', () => {
  it('finds resources by domain and says which column matched', async () => {
    const res = await platform.call('GET', '/api/core/v0/search?query=www.shop')
    const project = {
      project: { name: 'shop', display_name: 'Acme Shop' },
      customer: { name: 'acme-retail', display_name: 'Acme Retail' },
      organization: { name: 'acme', display_name: 'Acme Corporation' },
      search_string: 'www.shop',
    }
    // The storefront's certificate names the same domain; results come by type, then name.
    expect(res.body.data).toEqual([
      {
        resource: {
          name: 'managed-certificates',
          data: { name: 'storefront-cert', display_name: 'Storefront certificate' },
        },
        ...project,
        search_matching_columns: { domains: 'www.shop.example.com' },
        search_match: { column: 'domains', start: 0, length: 8 },
      },
      {
        resource: { name: 'websites', data: { name: 'shop-example-com', display_name: 'Shop storefront' } },
        project: { name: 'shop', display_name: 'Acme Shop' },
        customer: { name: 'acme-retail', display_name: 'Acme Retail' },
        organization: { name: 'acme', display_name: 'Acme Corporation' },
        search_string: 'www.shop',
        search_matching_columns: { domain_aliases: 'www.shop.example.com' },
        search_match: { column: 'domain_aliases', start: 0, length: 8 },
      },
    ])
  })

  it('returns projects as type project and uses console route names', async () => {
    const res = await platform.call('GET', '/api/core/v0/search?query=labs')
    expect(res.body.data.map((r: { resource: { name: string } }) => r.resource.name)).toContain('project')
  })

  it('returns only what the caller may get, in the projects the token reaches', async () => {
    const limited = await platform.tokenFor(OPERATOR, ['wadp.directors.*'], { projects: ['media'] })
    const res = await platform.call('GET', '/api/core/v0/search?query=origin', { token: limited })
    const found = res.body.data.map(
      (r: { resource: { name: string; data: { name: string } }; project: { name: string } }) => [
        r.resource.name,
        r.project.name,
      ],
    )
    expect(found).toEqual([['directors', 'media']])
  })

  it('treats LIKE wildcards literally and refuses an empty query', async () => {
    expect((await platform.call('GET', '/api/core/v0/search?query=%25')).body.data).toEqual([])
    const empty = await platform.call('GET', '/api/core/v0/search?query=%20%20')
    expect(empty.status).toBe(400)
    expect(empty.body.errors[0]).toEqual({ field: 'query', message: 'query is required' })
  })
})

describe('quick setup', () => {
  const quick = (body: unknown, token?: string) =>
    platform.call('POST', `${shop}/quick-setup`, { body, ...(token ? { token } : {}) })

  it('creates a director and a website for a new origin', async () => {
    const res = await quick({
      domain_name: 'New.Example.com',
      backend: { host: 'origin.new.example.com', port: '80', weight: '3' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data.name).toBe('new-example-com')
    expect(res.body.data.default_director).toMatch(/^new-example-com-[a-z]{5}$/)
    const director = await platform.call('GET', `${shop}/directors/${res.body.data.default_director}`)
    expect(director.body.data).toMatchObject({
      backends: [{ host: 'origin.new.example.com', port: 80, weight: 3 }],
      probe: { host: 'new.example.com' },
    })
    const website = await platform.call('GET', `${shop}/websites/new-example-com`)
    expect(website.body.data).toMatchObject({
      domain_name: 'new.example.com',
      default_director: res.body.data.default_director,
    })
  })

  it('uses an existing director without creating another', async () => {
    const before = await platform.call('GET', `${shop}/directors?items=1000`)
    const res = await quick({
      domain_name: 'reuse.example.com',
      backend: { directorOption: 'existing' },
      default_director: 'shop-origin',
    })
    expect(res.body.data).toEqual({ name: 'reuse-example-com', default_director: 'shop-origin' })
    const after = await platform.call('GET', `${shop}/directors?items=1000`)
    expect(after.body.meta.total).toBe(before.body.meta.total)
  })

  it('reports the spec messages on their fields', async () => {
    const noDomain = await quick({ backend: { host: 'o.example.com' } })
    expect(noDomain.status).toBe(400)
    expect(noDomain.body).toMatchObject({
      message: 'invalid domain name',
      errors: [{ field: 'website', message: 'invalid domain name' }],
    })
    const noBackend = await quick({ domain_name: 'lonely.example.com' })
    expect(noBackend.body.errors).toEqual([{ field: 'backend', message: 'invalid backend' }])
    const used = await quick({ domain_name: 'shop.example.com', backend: { host: 'o.example.com' } })
    expect(used.status).toBe(409)
    expect(used.body.errors).toEqual([{ field: 'website', message: 'domain name already used' }])
  })

  it('takes a suffixed website name when the dashed one is taken', async () => {
    await platform.call('POST', `${shop}/websites`, {
      body: { name: 'taken-example-com', domain_name: 'elsewhere.example.com', default_director: 'shop-origin' },
    })
    const res = await quick({
      domain_name: 'taken.example.com',
      backend: { directorOption: 'existing' },
      default_director: 'shop-origin',
    })
    expect(res.body.data.name).toMatch(/^taken-example-com-[a-z]{5}$/)
  })

  it('rolls back the director when the website cannot be created', async () => {
    const resources = platform.server.ctx.resources
    const original = resources.create.bind(resources)
    resources.create = async (definition, scope, body, caller) => {
      if (definition.type === 'websites') throw new ApiError(503, 'website store unavailable')
      return original(definition, scope, body, caller)
    }
    try {
      const res = await quick({ domain_name: 'doomed.example.com', backend: { host: 'origin.doomed.example.com' } })
      expect(res.status).toBe(503)
      expect(res.body.message).toBe('website store unavailable')
    } finally {
      resources.create = original
    }
    const left = await platform.call('GET', `${shop}/directors?q=doomed-example-com`)
    expect(left.body.data).toEqual([])
    const [audit] = await queryRows<{ n: number }>(
      platform,
      sql`select count(*)::int as n from audit_log where action = 'directors.delete' and resource_name like 'doomed-example-com-%'`,
    )
    expect(audit?.n).toBe(1)
  })

  it('needs both website and director creation rights', async () => {
    const websitesOnly = await platform.tokenFor(OPERATOR, ['wadp.websites.*'])
    const res = await quick({ domain_name: 'x.example.com', backend: { host: 'o.example.com' } }, websitesOnly)
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('missing permission wadp.directors.create')
  })
})

describe('utilities and the contract', () => {
  it('serves info and health for every service without a token', async () => {
    for (const service of ['auth', 'core', 'purge', 'acme', 'stats']) {
      const info = await platform.call('GET', `/api/${service}/v0/utils/info`, { token: null })
      expect(info.body.data).toMatchObject({
        name: `wadp-${service}`,
        version: expect.any(String),
        updatedAt: expect.any(String),
      })
      const health = await platform.call('GET', `/api/${service}/v0/utils/health`, { token: null })
      expect(health.status).toBe(200)
      expect(health.body.data).toEqual([
        { name: 'database', is_healthy: true },
        { name: 'jobs', is_healthy: true },
        { name: 'accepting', is_healthy: true },
      ])
    }
  })

  it('publishes an OpenAPI document per service with each endpoint’s permission', async () => {
    const core = await platform.call('GET', '/api/core/v0/openapi.json', { token: null })
    expect(core.body.openapi).toBe('3.1.0')
    const createDirector = core.body.paths['/projects/{project}/directors'].post
    expect(createDirector['x-permission']).toBe('wadp.directors.create')
    expect(createDirector.requestBody.content['application/json'].schema.properties).toHaveProperty('backends')
    const auth = await platform.call('GET', '/api/auth/v0/openapi.json', { token: null })
    expect(auth.body.paths['/tokens'].post['x-permission']).toBe('auth.tokens.create')
  })

  it('serves version.json and config.json', async () => {
    const version = await platform.call('GET', '/version.json', { token: null })
    expect(version.body).toEqual({
      version: expect.any(String),
      commit: expect.any(String),
      built_at: expect.any(String),
    })
    const config = await platform.call('GET', '/config.json', { token: null })
    expect(config.body).toEqual({
      oidc: { issuer: `${platform.url}/oidc`, client_id: 'wadp-console', scopes: 'openid profile email' },
      environment: 'default',
      cname_suffix: 'cdn.wadp.example',
    })
  })

  it('answers unknown API paths with 404 in the error format', async () => {
    const res = await platform.call('GET', '/api/core/v0/nothing-here')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'no endpoint GET /api/core/v0/nothing-here', errors: [] })
  })

  it('refuses a body over 4 MiB with 413', async () => {
    const res = await platform.call('POST', `${shop}/directors`, {
      raw: `{"name":"${'x'.repeat(4_200_000)}"}`,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    // Read before the route: a DELETE with such a body gets it too, and openapi.json says so for every one.
    const deleting = await platform.call('DELETE', `${shop}/directors/shop-origin`, {
      raw: 'x'.repeat(4_200_000),
      headers: { 'content-type': 'application/json', 'if-match': '*' },
    })
    expect(deleting.status).toBe(413)
    const openapi = await platform.call('GET', '/api/core/v0/openapi.json', { token: null })
    expect(Object.keys(openapi.body.paths['/projects/{project}/directors/{name}'].delete.responses)).toContain('413')
  })

  it('takes a backup upload over 4 MiB (a large project downloaded), up to 32 MiB', async () => {
    const upload = (bytes: number) =>
      platform.call('POST', `${shop}/backups/import`, {
        raw: `{"format":"${'x'.repeat(bytes)}"}`,
        headers: { 'content-type': 'application/json' },
      })
    // Read and judged as a document (not one), instead of refused for its size.
    const large = await upload(6_000_000)
    expect(large.status).toBe(400)
    expect((await upload(33_600_000)).status).toBe(413)
  })

  it('never answers 500 to malformed input', async () => {
    const attempts = [
      platform.call('POST', `${shop}/directors`, { raw: '[1,2,3]', headers: { 'content-type': 'application/json' } }),
      platform.call('POST', `${shop}/websites`, { raw: 'null', headers: { 'content-type': 'application/json' } }),
      platform.call('PUT', `${shop}/directors/shop-origin`, { raw: '"text"', headers: { 'if-match': 'garbage' } }),
      platform.call('GET', `${shop}/websites?page=-1`),
      platform.call('GET', '/api/core/v0/projects/%E0%A4%A/websites'),
      platform.call('POST', '/api/auth/v0/tokens', { body: { name: 'x', permissions: 'all' } }),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(typeof res.body.message).toBe('string')
    }
  })
})

describe('sign-in with the development OpenID Connect provider', () => {
  it('walks the authorization-code flow and signs in to the API as an oauth user', async () => {
    const accessToken = await oidcSignIn(platform.url, VIEWER, DEMO_PASSWORD)

    const login = await platform.call('POST', '/api/auth/v0/login', {
      token: null,
      body: { token: accessToken },
    })
    expect(login.status).toBe(200)
    expect(login.body.data.auth_type).toBe('oauth')
    expect(login.body.data.user).toMatchObject({ email: VIEWER, first_name: 'Vera', roles: ['viewer'] })
    const list = await platform.call('GET', `${shop}/websites`, { token: accessToken })
    expect(list.status).toBe(200)
    const write = await platform.call('POST', `${shop}/directors`, {
      token: accessToken,
      body: { name: 'nope', backends: [{ host: 'o.example.com', port: 80 }] },
    })
    expect(write.status).toBe(403)
  })

  it('exchanges an authorization code once, even for two exchanges sent at once', async () => {
    const { code, verifier } = await oidcCode(platform.url, VIEWER, DEMO_PASSWORD)
    const answers = await Promise.all(
      [1, 2].map(async () => {
        const response = await exchangeCode(platform.url, code, verifier)
        return { status: response.status, body: (await response.json()) as Record<string, unknown> }
      }),
    )
    // One gets the tokens; the other is refused as a code used already (RFC 6749, 4.1.2).
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
    expect(answers.find((answer) => answer.status === 400)?.body).toMatchObject({ error: 'invalid_grant' })
    // And one sent afterwards is refused too.
    expect((await exchangeCode(platform.url, code, verifier)).status).toBe(400)
  })

  it('asks a user disabled since their sign-in to sign in again, and refuses them there', async () => {
    const email = 'dora@example.com'
    expect((await platform.call('POST', '/api/auth/v0/users', { body: { email, roles: ['viewer'] } })).status).toBe(201)
    const browser = new Browser()
    const { action } = await openLoginForm(browser, platform.url)
    const signedIn = await browser.request(action, { form: { email, password: DEMO_PASSWORD } })
    const callback = `${platform.url}/auth/callback`
    expect((await browser.follow(signedIn, platform.url, callback)).location?.searchParams.has('code')).toBe(true)
    const disabled = await platform.call('PATCH', `/api/auth/v0/users/${email}`, {
      body: { status: 'disabled' },
      headers: { 'if-match': '*' },
    })
    expect(disabled.status).toBe(200)
    // The provider's session still names them: the next sign-in is the login form, not a server error.
    const again = await openLoginForm(browser, platform.url)
    const refused = await browser.request(again.action, { form: { email, password: DEMO_PASSWORD } })
    expect(refused.status).toBe(200)
    expect(await refused.text()).toContain('Wrong e-mail or password.')
  })

  it('refuses the wrong password at the provider', async () => {
    const browser = new Browser()
    const { action } = await openLoginForm(browser, platform.url)
    const wrong = await browser.request(action, { form: { email: VIEWER, password: 'guess' } })
    expect(await wrong.text()).toContain('Wrong e-mail or password.')
  })
})

describe('the demo platform', () => {
  /** The project the console opens after a first sign-in: the first the user reaches (src/app/project.ts). */
  async function firstProject(token?: string): Promise<string> {
    const res = await platform.call('GET', '/api/auth/v0/search/projects?items=1', token ? { token } : {})
    expect(res.status).toBe(200)
    return res.body.data[0].name
  }

  it('opens a project with websites and traffic on a first sign-in, with a token or with the provider', async () => {
    const now = Date.now()
    const tokens = [
      undefined,
      await oidcSignIn(platform.url, OPERATOR, DEMO_PASSWORD),
      await oidcSignIn(platform.url, VIEWER, DEMO_PASSWORD),
    ]
    let charted = 0
    for (const token of tokens) {
      const project = await firstProject(token)
      const websites = await platform.call('GET', `/api/core/v0/projects/${project}/websites`, { token })
      expect(websites.body.data.length, `websites of ${project}`).toBeGreaterThan(0)
      const stats = await platform.call('POST', '/api/stats/v0/queries', {
        token,
        body: {
          project,
          from: new Date(now - 86_400_000).toISOString(),
          to: new Date(now).toISOString(),
          metrics: ['requests'],
        },
      })
      // A user without wadp.stats.query sees no traffic panel; the others see traffic.
      if (stats.status === 403) continue
      expect(stats.status, JSON.stringify(stats.body)).toBe(200)
      expect(stats.body.data.totals.requests, `requests in ${project}`).toBeGreaterThan(0)
      charted += 1
    }
    expect(charted).toBeGreaterThan(0)
  })
})
