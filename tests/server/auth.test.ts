import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ADMIN, ADMIN_TOKEN, OPERATOR, queryRows, setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform()

describe('POST /api/auth/v0/login', () => {
  it('signs in with an API token, Bearer prefix and all, and says it was a token', async () => {
    const res = await platform.call('POST', '/api/auth/v0/login', {
      token: null,
      body: { token: `Bearer ${ADMIN_TOKEN}` },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.auth_type).toBe('token')
    expect(res.body.data.user).toEqual({
      username: ADMIN,
      email: ADMIN,
      first_name: 'Ada',
      last_name: 'Admin',
      roles: ['admin'],
    })
    expect(Date.parse(res.body.data.expires_at)).toBeGreaterThan(Date.now())
  })

  it.each(['   ', 'Bearer ', 'bearer'])(
    'refuses an empty token (%j) with the spec message on the token field',
    async (token) => {
      const res = await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token } })
      expect(res.status).toBe(400)
      expect(res.body.errors).toEqual([{ field: 'token', message: 'Token cannot be empty.' }])
    },
  )

  it('says what is wrong with a token that is missing or not a string, in the words of every other field', async () => {
    const login = (body: unknown) => platform.call('POST', '/api/auth/v0/login', { token: null, body })
    expect((await login({})).body.errors).toEqual([{ field: 'token', message: 'is required' }])
    expect((await login({ token: 123 })).body.errors).toEqual([{ field: 'token', message: 'must be a string' }])
    // Query parameters too: valibot's own wording ('Invalid key: Expected "query"…') never reaches a caller.
    const search = (query: string) => platform.call('GET', `/api/core/v0/search${query}`)
    expect((await search('')).body.errors).toEqual([{ field: 'query', message: 'is required' }])
    expect((await search(`?query=${'a'.repeat(300)}`)).body.errors).toEqual([
      { field: 'query', message: 'at most 200 characters' },
    ])
    expect((await platform.call('GET', '/api/core/v0/projects/shop/inventory/names')).body.errors).toEqual([
      { field: 'q', message: 'is required' },
    ])
  })

  it('answers 401 to an unknown token and records the failed attempt', async () => {
    const res = await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token: 'not-a-real-token' } })
    expect(res.status).toBe(401)
    expect(res.body.message).toBe('invalid token')
    const [failures] = await queryRows<{ n: number }>(
      platform,
      sql`select count(*)::int as n from audit_log where action = 'login' and result = 'failure'`,
    )
    expect(failures?.n).toBeGreaterThan(0)
  })

  it('records a successful sign-in in the audit log', async () => {
    await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token: ADMIN_TOKEN } })
    const [latest] = await queryRows<{ actor: { email: string } }>(
      platform,
      sql`select actor from audit_log where action = 'login' and result = 'success' order by id desc limit 1`,
    )
    expect(latest?.actor.email).toBe(ADMIN)
  })

  it('answers 400 to a body that is not JSON', async () => {
    const res = await platform.call('POST', '/api/auth/v0/login', {
      token: null,
      raw: '{"token":',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('request body must be valid JSON')
  })
})

describe('token check and permissions', () => {
  it('confirms a valid token, saying whose it is, and rejects a missing one', async () => {
    const ok = await platform.call('GET', '/api/auth/v0/auth/check')
    expect(ok.body.data.valid).toBe(true)
    expect(ok.body.data.auth_type).toBe('token')
    expect(ok.body.data.user).toMatchObject({ username: ADMIN, email: ADMIN, roles: ['admin'] })
    expect(Date.parse(ok.body.data.expires_at)).toBeGreaterThan(Date.now())
    const missing = await platform.call('GET', '/api/auth/v0/auth/check', { token: null })
    expect(missing.status).toBe(401)
    expect(missing.body.message).toBe('missing bearer token')
  })

  it('lists the caller’s permissions, globally and per project', async () => {
    const viewer = await platform.tokenFor(VIEWER, ['wadp.*.list', 'wadp.*.get'])
    const global = await platform.call('GET', '/api/auth/v0/auth/permissions', { token: viewer })
    expect(global.body.data).toContain('wadp.websites.list')
    expect(global.body.data).not.toContain('wadp.*.list')
    const scoped = await platform.call('GET', '/api/auth/v0/auth/permissions?scope_type=project&scope_value=shop', {
      token: viewer,
    })
    expect(scoped.body.data).toEqual(global.body.data)
    const perProject = await platform.call('GET', '/api/auth/v0/projects/shop/permissions', { token: viewer })
    expect(perProject.body.data).toEqual(global.body.data)
  })

  it('gives a project-limited token no permissions elsewhere and hides other projects', async () => {
    const limited = await platform.tokenFor(OPERATOR, ['wadp.*.*'], { projects: ['shop'] })
    const elsewhere = await platform.call('GET', '/api/auth/v0/projects/media/permissions', { token: limited })
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.body.message).toBe('no permission in project media')
    // Nor does it learn which projects exist beyond its own.
    const absent = await platform.call('GET', '/api/auth/v0/projects/nope/permissions', { token: limited })
    expect(absent.status).toBe(403)
    const platformWide = await platform.call('GET', '/api/auth/v0/auth/permissions', { token: limited })
    expect(platformWide.body.data).toEqual([])
    const within = await platform.call('GET', '/api/auth/v0/auth/permissions?scope_type=project&scope_value=shop', {
      token: limited,
    })
    expect(within.body.data).toContain('wadp.websites.*')
    const listed = await platform.call('GET', '/api/auth/v0/search/projects?items=1000', { token: limited })
    expect(listed.body.data.map((p: { name: string }) => p.name)).toEqual(['shop'])
    const forbidden = await platform.call('GET', '/api/core/v0/projects/media/websites', { token: limited })
    expect(forbidden.status).toBe(403)
  })

  it('answers 404 for the permissions of a project that does not exist', async () => {
    const res = await platform.call('GET', '/api/auth/v0/projects/nope/permissions')
    expect(res.status).toBe(404)
  })

  it('validates query parameters with field errors', async () => {
    const res = await platform.call('GET', '/api/auth/v0/auth/permissions?scope_type=galaxy')
    expect(res.status).toBe(400)
    expect(res.body.errors[0].field).toBe('scope_type')
  })
})

describe('projects search', () => {
  it('lists projects with customer and organization, limited by items', async () => {
    const res = await platform.call('GET', '/api/auth/v0/search/projects?items=1')
    expect(res.body.data).toHaveLength(1)
    expect(res.body.meta.total).toBeGreaterThanOrEqual(4)
    expect(res.body.data[0]).toEqual({
      name: 'labs',
      display_name: 'Globex Labs Portal',
      customer: { name: 'globex-labs', display_name: 'Globex Labs' },
      organization: { name: 'globex', display_name: 'Globex' },
    })
  })

  it('filters by name or display name', async () => {
    const res = await platform.call('GET', '/api/auth/v0/search/projects?items=10&q=STAGING')
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['shop-staging'])
  })
})

describe('users', () => {
  it('lets a user read their own record by e-mail but not another’s', async () => {
    const viewer = await platform.tokenFor(VIEWER, ['wadp.*.list'])
    const own = await platform.call('GET', `/api/auth/v0/users/${VIEWER}`, { token: viewer })
    expect(own.status).toBe(200)
    expect(own.body.data).toMatchObject({ email: VIEWER, first_name: 'Vera', last_name: 'Viewer', roles: ['viewer'] })
    const other = await platform.call('GET', `/api/auth/v0/users/${ADMIN}`, { token: viewer })
    expect(other.status).toBe(403)
    expect(other.body.message).toBe('missing permission auth.users.get')
  })

  it('creates, updates and deletes a user, refusing an unknown role', async () => {
    const bad = await platform.call('POST', '/api/auth/v0/users', {
      body: { email: 'new@example.com', roles: ['wizard'] },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].field).toBe('roles.0')
    const created = await platform.call('POST', '/api/auth/v0/users', {
      body: { email: 'New@Example.com', first_name: 'Nia', roles: ['viewer'] },
    })
    expect(created.status).toBe(201)
    expect(created.body.data.name).toBe('new@example.com')
    const updated = await platform.call('PATCH', '/api/auth/v0/users/new@example.com', {
      body: { status: 'disabled' },
      headers: { 'if-match': '"1"' },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ status: 'disabled', first_name: 'Nia', revision: 2 })
    const deleted = await platform.call('DELETE', '/api/auth/v0/users/new@example.com', {
      headers: { 'if-match': '"2"' },
    })
    expect(deleted.status).toBe(204)
    expect((await platform.call('GET', '/api/auth/v0/users/new@example.com')).status).toBe(404)
  })
})

describe('API tokens', () => {
  it('returns the secret once and stores only its SHA-256 hash', async () => {
    const created = await platform.call('POST', '/api/auth/v0/tokens', {
      body: { name: 'ci-deploy', owner: OPERATOR, permissions: ['wadp.websites.*'] },
    })
    expect(created.status).toBe(201)
    const secret: string = created.body.data.token
    expect(secret.length).toBeGreaterThanOrEqual(43)
    expect(created.body.data.prefix).toBe(secret.slice(0, 6))
    const expires = Date.parse(created.body.data.expires_at)
    expect(expires - Date.now()).toBeGreaterThan(89 * 86_400_000)
    expect(expires - Date.now()).toBeLessThan(91 * 86_400_000)

    const read = await platform.call('GET', '/api/auth/v0/tokens/ci-deploy')
    expect(read.body.data.token).toBeUndefined()
    expect(JSON.stringify(read.body)).not.toContain(secret)
    const dump = await queryRows<{ row: string }>(platform, sql`select row_to_json(r)::text as row from resources r`)
    const everything = dump.map((r) => r.row).join('\n')
    expect(everything).not.toContain(secret)
    const { createHash } = await import('node:crypto')
    expect(everything).toContain(createHash('sha256').update(secret).digest('hex'))

    const login = await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token: secret } })
    expect(login.body.data.user.email).toBe(OPERATOR)
  })

  it('never grants a token more than its owner holds', async () => {
    const res = await platform.call('POST', '/api/auth/v0/tokens', {
      body: { name: 'too-much', owner: VIEWER, permissions: ['wadp.websites.create'] },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([
      { field: 'permissions', message: 'not held by the owner or by you: wadp.websites.create' },
    ])
  })

  it('narrows a broad token to its owner’s permissions', async () => {
    const token = await platform.tokenFor(VIEWER, ['wadp.*.list'])
    const websites = await platform.call('GET', '/api/core/v0/projects/shop/websites', { token })
    expect(websites.status).toBe(200)
    const nodes = await platform.call('GET', '/api/core/v0/nodes', { token })
    expect(nodes.status).toBe(403)
  })

  it('refuses an expiry beyond one year and a malformed permission', async () => {
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString()
    const tooLong = await platform.call('POST', '/api/auth/v0/tokens', {
      body: { name: 'forever', permissions: ['wadp.*.list'], expires_at: far },
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.errors[0]).toEqual({ field: 'expires_at', message: 'must be at most one year from now' })
    const malformed = await platform.call('POST', '/api/auth/v0/tokens', {
      body: { name: 'odd', permissions: ['websites'] },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors[0].field).toBe('permissions.0')
  })

  it('answers 401 with "token expired" once a token has expired, and 401 once revoked', async () => {
    const created = await platform.call('POST', '/api/auth/v0/tokens', {
      body: { name: 'short-lived', owner: OPERATOR, permissions: ['wadp.websites.list'] },
    })
    const secret: string = created.body.data.token
    await platform.server.ctx.db.execute(
      sql`update resources set data = jsonb_set(data, '{expires_at}', to_jsonb('2020-01-01T00:00:00.000Z'::text)) where type = 'tokens' and name = 'short-lived'`,
    )
    platform.server.ctx.auth.invalidate()
    const expired = await platform.call('GET', '/api/auth/v0/auth/check', { token: secret })
    expect(expired.status).toBe(401)
    expect(expired.body.message).toContain('token expired')
    const listed = await platform.call('GET', '/api/auth/v0/tokens/short-lived')
    expect(listed.body.data.status).toBe('expired')

    const other = await platform.call('POST', '/api/auth/v0/tokens', {
      body: { name: 'to-revoke', permissions: ['wadp.*.list'] },
    })
    const revoked = await platform.call('PATCH', '/api/auth/v0/tokens/to-revoke', {
      body: { status: 'revoked' },
      headers: { 'if-match': '"1"' },
    })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.prefix).toBe(other.body.data.prefix)
    const after = await platform.call('GET', '/api/auth/v0/auth/check', { token: other.body.data.token })
    expect(after.status).toBe(401)
    expect(after.body.message).toBe('token revoked')
  })

  it('requires auth.tokens.create to mint tokens', async () => {
    const operator = await platform.tokenFor(OPERATOR, ['wadp.websites.*'])
    const res = await platform.call('POST', '/api/auth/v0/tokens', {
      token: operator,
      body: { name: 'sneaky', permissions: ['wadp.websites.list'] },
    })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('missing permission auth.tokens.create')
  })

  it('refuses to delete a user who still owns tokens, naming them', async () => {
    await platform.call('POST', '/api/auth/v0/users', { body: { email: 'owner@example.com', roles: ['viewer'] } })
    await platform.tokenFor('owner@example.com', ['wadp.websites.list'])
    const res = await platform.call('DELETE', '/api/auth/v0/users/owner@example.com', { headers: { 'if-match': '*' } })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/^user owner@example.com is still used by token test-\d+$/)
  })
})

describe('token bookkeeping', () => {
  it('shows when a token was last used, even in a list read before', async () => {
    const created = await platform.call('POST', '/api/auth/v0/tokens', {
      body: { name: 'watched', permissions: ['wadp.*.list'] },
    })
    const before = await platform.call('GET', '/api/auth/v0/tokens?q=watched')
    expect(before.body.data[0].last_used_at).toBeNull()
    await platform.call('GET', '/api/auth/v0/auth/check', { token: created.body.data.token })
    const after = await platform.call('GET', '/api/auth/v0/tokens?q=watched')
    expect(Date.parse(after.body.data[0].last_used_at)).toBeGreaterThan(Date.now() - 60_000)
  })
})
