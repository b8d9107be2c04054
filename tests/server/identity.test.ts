import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { permissionsOfRoles } from '../../src/types/roles.ts'
import { ADMIN, OPERATOR, queryRows, setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform()

async function createToken(body: Record<string, unknown>, token?: string) {
  return platform.call('POST', '/api/auth/v0/tokens', { body, ...(token ? { token } : {}) })
}

describe('revoking an API token', () => {
  it('refuses the token at once, audits the revocation, and keeps it revoked', async () => {
    const created = await createToken({ name: 'to-revoke', owner: OPERATOR, permissions: ['wadp.websites.list'] })
    const secret: string = created.body.data.token
    expect((await platform.call('GET', '/api/core/v0/projects/shop/websites', { token: secret })).status).toBe(200)

    const withoutIfMatch = await platform.call('POST', '/api/auth/v0/tokens/to-revoke/revoke')
    expect(withoutIfMatch.status).toBe(412)
    const stale = await platform.call('POST', '/api/auth/v0/tokens/to-revoke/revoke', {
      headers: { 'if-match': '"7"' },
    })
    expect(stale.status).toBe(409)

    const revoked = await platform.call('POST', '/api/auth/v0/tokens/to-revoke/revoke', {
      headers: { 'if-match': '"1"' },
    })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data).toMatchObject({ status: 'revoked', revision: 2 })
    expect(revoked.body.data.token).toBeUndefined()
    expect(revoked.headers.get('etag')).toBe('"2"')

    const refused = await platform.call('GET', '/api/core/v0/projects/shop/websites', { token: secret })
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe('token revoked')

    const [entry] = await queryRows<{ action: string; actor: { email: string } }>(
      platform,
      sql`select action, actor from audit_log where resource_name = 'to-revoke' order by id desc limit 1`,
    )
    expect(entry).toMatchObject({ action: 'tokens.revoke', actor: { email: ADMIN } })

    const revived = await platform.call('PATCH', '/api/auth/v0/tokens/to-revoke', {
      body: { status: 'active' },
      headers: { 'if-match': '"2"' },
    })
    expect(revived.status).toBe(400)
    expect(revived.body.errors).toEqual([
      { field: 'status', message: 'a revoked token stays revoked: create a new one' },
    ])
  })

  it('needs auth.tokens.update to revoke', async () => {
    await createToken({ name: 'kept', owner: OPERATOR, permissions: ['wadp.websites.list'] })
    const limited = await platform.tokenFor(ADMIN, ['auth.tokens.list', 'auth.tokens.get'])
    const res = await platform.call('POST', '/api/auth/v0/tokens/kept/revoke', {
      token: limited,
      headers: { 'if-match': '*' },
    })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('missing permission auth.tokens.update')
  })
})

describe('what a token may be given', () => {
  it('refuses a permission its creator lacks, including a wider wildcard, and accepts one they hold', async () => {
    const creator = await platform.tokenFor(ADMIN, ['auth.tokens.create', 'wadp.websites.*'])
    const lacking = await createToken(
      { name: 'lacking', owner: ADMIN, permissions: ['wadp.directors.create'] },
      creator,
    )
    expect(lacking.status).toBe(400)
    expect(lacking.body.errors).toEqual([
      { field: 'permissions', message: 'not held by the owner or by you: wadp.directors.create' },
    ])
    const wider = await createToken({ name: 'wider', owner: ADMIN, permissions: ['wadp.*.list'] }, creator)
    expect(wider.status).toBe(400)
    expect(wider.body.errors[0].message).toBe('not held by the owner or by you: wadp.*.list')
    const everything = await createToken({ name: 'everything', owner: ADMIN, permissions: ['wadp.*.*'] }, creator)
    expect(everything.status).toBe(400)

    const narrower = await createToken(
      { name: 'narrower', owner: ADMIN, permissions: ['wadp.websites.list', 'wadp.websites.*'] },
      creator,
    )
    expect(narrower.status).toBe(201)
    const secret: string = narrower.body.data.token
    expect((await platform.call('GET', '/api/core/v0/projects/shop/websites', { token: secret })).status).toBe(200)
    expect((await platform.call('GET', '/api/core/v0/projects/shop/directors', { token: secret })).status).toBe(403)
  })

  it('refuses every token change to a token limited to some projects, even with auth.tokens.create', async () => {
    const creator = await platform.tokenFor(ADMIN, ['auth.tokens.create', 'auth.tokens.list', 'wadp.websites.list'], {
      projects: ['shop'],
    })
    for (const projects of [[], ['shop'], ['shop', 'media']]) {
      const refused = await createToken(
        { name: `from-limited-${projects.length}`, permissions: ['wadp.websites.list'], projects },
        creator,
      )
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe('missing permission auth.tokens.create')
    }
    expect((await platform.call('GET', '/api/auth/v0/tokens', { token: creator })).status).toBe(403)
  })

  it('acts for another user only when its creator may manage that user: auth.users.update and all their roles hold', async () => {
    const owner = (body: { errors?: { field: string }[] }) => body.errors?.map((error) => error.field)
    // Token managers who may not manage users: their tokens act for themselves only.
    const tokensOnly = await platform.tokenFor(ADMIN, ['auth.tokens.*', 'wadp.websites.list'])
    const forViewer = await createToken(
      { name: 'for-viewer', owner: VIEWER, permissions: ['wadp.websites.list'] },
      tokensOnly,
    )
    expect(forViewer.status).toBe(400)
    expect(owner(forViewer.body)).toEqual(['owner'])
    const own = await createToken({ name: 'for-myself', permissions: ['wadp.websites.list'] }, tokensOnly)
    expect(own.status).toBe(201)
    expect(own.body.data.owner).toBe(ADMIN)
    // May manage users, and holds what a viewer holds but not what an operator does.
    const manager = await platform.tokenFor(ADMIN, ['auth.tokens.*', 'auth.users.update', 'wadp.*.list', 'wadp.*.get'])
    const forOperator = await createToken(
      { name: 'for-operator', owner: OPERATOR, permissions: ['wadp.websites.list'] },
      manager,
    )
    expect(forOperator.status).toBe(400)
    expect(owner(forOperator.body)).toEqual(['owner'])
    expect(forOperator.body.errors[0].message).toMatch(/operator/)
    const managed = await createToken(
      { name: 'for-viewer-2', owner: VIEWER, permissions: ['wadp.websites.list'] },
      manager,
    )
    expect(managed.status).toBe(201)
    expect(managed.body.data.owner).toBe(VIEWER)

    // Nor may such a caller give another user's token more, or move a token to another user; revoking is open.
    const operators = await createToken({ name: 'operators', owner: OPERATOR, permissions: ['wadp.websites.list'] })
    expect(operators.status).toBe(201)
    const widened = await platform.call('PATCH', '/api/auth/v0/tokens/operators', {
      token: tokensOnly,
      body: { permissions: ['wadp.websites.list', 'wadp.websites.get'] },
      headers: { 'if-match': '*' },
    })
    expect(widened.status).toBe(400)
    expect(owner(widened.body)).toEqual(['owner'])
    const moved = await platform.call('PATCH', '/api/auth/v0/tokens/for-myself', {
      token: tokensOnly,
      body: { owner: VIEWER },
      headers: { 'if-match': '*' },
    })
    expect(moved.status).toBe(400)
    const renamed = await platform.call('PATCH', '/api/auth/v0/tokens/operators', {
      token: tokensOnly,
      body: { display_name: 'The operator’s' },
      headers: { 'if-match': '*' },
    })
    expect(renamed.status).toBe(200)
    const revoked = await platform.call('POST', '/api/auth/v0/tokens/operators/revoke', {
      token: tokensOnly,
      headers: { 'if-match': '*' },
    })
    expect(revoked.status).toBe(200)
  })

  it('expires in 90 days by default, at most a year, never in the past', async () => {
    const defaulted = await createToken({ name: 'defaulted', permissions: ['wadp.websites.list'] })
    const days = (Date.parse(defaulted.body.data.expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(89.9)
    expect(days).toBeLessThanOrEqual(90)
    const inAYear = new Date(Date.now() + 364 * 86_400_000).toISOString()
    expect(
      (await createToken({ name: 'a-year', permissions: ['wadp.websites.list'], expires_at: inAYear })).status,
    ).toBe(201)
    const past = await createToken({
      name: 'past',
      permissions: ['wadp.websites.list'],
      expires_at: new Date(Date.now() - 60_000).toISOString(),
    })
    expect(past.status).toBe(400)
    expect(past.body.errors).toEqual([{ field: 'expires_at', message: 'must be in the future' }])
  })

  it('shows the secret in the create answer only: never in a list, a get or an update', async () => {
    const created = await createToken({ name: 'shown-once', permissions: ['wadp.websites.list'] })
    const secret: string = created.body.data.token
    const list = await platform.call('GET', '/api/auth/v0/tokens?items=1000')
    const one = await platform.call('GET', '/api/auth/v0/tokens/shown-once')
    const patched = await platform.call('PATCH', '/api/auth/v0/tokens/shown-once', {
      body: { display_name: 'Shown once' },
      headers: { 'if-match': '"1"' },
    })
    for (const answer of [list, one, patched]) {
      expect(JSON.stringify(answer.body)).not.toContain(secret)
    }
    expect(one.body.data.token).toBeUndefined()
    const [stored] = await queryRows<{ secret_hash: string; data: string }>(
      platform,
      sql`select secret_hash, data::text as data from resources where type = 'tokens' and name = 'shown-once'`,
    )
    expect(stored?.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'))
    expect(stored?.data).not.toContain(secret)
  })
})

describe('user status', () => {
  it('stops every token of a disabled user at once and lets it work again once re-enabled', async () => {
    await platform.call('POST', '/api/auth/v0/users', {
      body: { email: 'dora@example.com', first_name: 'Dora', roles: ['operator'] },
    })
    const token = await platform.tokenFor('dora@example.com', ['wadp.websites.*'])
    const path = '/api/core/v0/projects/shop/websites'
    expect((await platform.call('GET', path, { token })).status).toBe(200)

    const disabled = await platform.call('PATCH', '/api/auth/v0/users/dora@example.com', {
      body: { status: 'disabled' },
      headers: { 'if-match': '"1"' },
    })
    expect(disabled.body.data.status).toBe('disabled')
    const refused = await platform.call('GET', path, { token })
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe('user dora@example.com is disabled')
    const login = await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token } })
    expect(login.status).toBe(401)

    await platform.call('PATCH', '/api/auth/v0/users/dora@example.com', {
      body: { status: 'active' },
      headers: { 'if-match': '"2"' },
    })
    expect((await platform.call('GET', path, { token })).status).toBe(200)
  })

  it('invites a user, who becomes active with a last login at their first sign-in', async () => {
    const invited = await platform.call('POST', '/api/auth/v0/users', {
      body: { email: 'ivan@example.com', first_name: 'Ivan', roles: ['viewer'], status: 'invited' },
    })
    expect(invited.status).toBe(201)
    expect(invited.body.data).toMatchObject({ status: 'invited' })
    expect(invited.body.data.last_login_at ?? null).toBeNull()
    const token = await platform.tokenFor('ivan@example.com', ['wadp.websites.list'])

    const before = await platform.call('GET', '/api/auth/v0/users/ivan@example.com')
    expect(before.body.data.status).toBe('invited')
    const login = await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token } })
    expect(login.status).toBe(200)
    const after = await platform.call('GET', '/api/auth/v0/users/ivan@example.com')
    expect(after.body.data).toMatchObject({ status: 'active', revision: 2 })
    const [activation] = await queryRows<{ action: string; actor: { email: string } }>(
      platform,
      sql`select action, actor from audit_log where resource_name = 'ivan@example.com' order by id desc limit 1`,
    )
    expect(activation).toMatchObject({ action: 'users.activate', actor: { email: 'ivan@example.com' } })
    expect(Date.parse(after.body.data.last_login_at)).toBeGreaterThan(Date.now() - 60_000)

    // Read-only: a body cannot set it, and an update keeps it.
    const patched = await platform.call('PATCH', '/api/auth/v0/users/ivan@example.com', {
      body: { last_login_at: '2020-01-01T00:00:00.000Z', first_name: 'Ivan R.' },
      headers: { 'if-match': after.headers.get('etag') ?? '*' },
    })
    expect(patched.body.data.last_login_at).toBe(after.body.data.last_login_at)

    // A later sign-in stamps the time again without a new revision.
    await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token } })
    const again = (await platform.call('GET', '/api/auth/v0/users/ivan@example.com')).body.data
    expect(again.revision).toBe(patched.body.data.revision)
    expect(Date.parse(again.last_login_at)).toBeGreaterThanOrEqual(Date.parse(after.body.data.last_login_at))
  })

  it('does not let an admin disable themselves', async () => {
    const res = await platform.call('PATCH', `/api/auth/v0/users/${ADMIN}`, {
      body: { status: 'disabled' },
      headers: { 'if-match': '*' },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'status', message: 'you cannot disable yourself: ask another admin' }])
    expect((await platform.call('GET', '/api/auth/v0/auth/check')).status).toBe(200)
  })

  it("keeps a user's e-mail, which names it, when a PUT replaces the rest without it", async () => {
    const before = await platform.call('GET', `/api/auth/v0/users/${VIEWER}`)
    const { email: _named, ...rest } = before.body.data as Record<string, unknown>
    const replaced = await platform.call('PUT', `/api/auth/v0/users/${VIEWER}`, {
      body: { first_name: 'Vera', last_name: rest.last_name, roles: rest.roles, status: rest.status },
      headers: { 'if-match': '*' },
    })
    expect(replaced.status).toBe(200)
    const after = await platform.call('GET', `/api/auth/v0/users/${VIEWER}`)
    expect(after.body.data).toMatchObject({ email: VIEWER, first_name: 'Vera' })
    const listed = await platform.call('GET', `/api/auth/v0/users?items=100`)
    expect((listed.body.data as { email?: string }[]).some((user) => user.email === VIEWER)).toBe(true)
  })

  it('refuses an unknown status on the field', async () => {
    const res = await platform.call('PATCH', `/api/auth/v0/users/${VIEWER}`, {
      body: { status: 'sleeping' },
      headers: { 'if-match': '*' },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'status', message: 'must be invited, active or disabled' }])
  })
})

describe('what a user may be given', () => {
  const user = (email: string) => `/api/auth/v0/users/${email}`
  const patch = (email: string, body: unknown, token: string) =>
    platform.call('PATCH', user(email), { body, headers: { 'if-match': '*' }, token })

  it('refuses a role whose permissions the caller lacks, directly or through a mapped group', async () => {
    const userAdmin = await platform.tokenFor(ADMIN, ['auth.users.*', ...permissionsOfRoles(['viewer'])])
    const admin = await patch(VIEWER, { roles: ['viewer', 'admin'] }, userAdmin)
    expect(admin.status).toBe(400)
    expect(admin.body.errors).toEqual([
      { field: 'roles', message: 'you cannot grant admin: it holds permissions you do not' },
    ])
    const invited = await platform.call('POST', '/api/auth/v0/users', {
      body: { email: 'mallory@example.com', roles: ['operator'] },
      token: userAdmin,
    })
    expect(invited.status).toBe(400)
    expect(invited.body.errors[0].field).toBe('roles')

    const mapping = await platform.call('POST', '/api/auth/v0/sso-groups-roles', {
      body: { name: 'edge-admins-admin', group: 'edge-admins', role: 'admin', scope: 'platform' },
    })
    expect(mapping.status).toBe(201)
    const grouped = await patch(VIEWER, { groups: ['edge-viewers', 'EDGE-ADMINS'] }, userAdmin)
    expect(grouped.status).toBe(400)
    expect(grouped.body.errors).toEqual([
      {
        field: 'groups',
        message: 'these groups grant admin through SSO mappings, which holds permissions you do not',
      },
    ])
    const after = (await platform.call('GET', user(VIEWER))).body.data
    expect(after.roles).toEqual(['viewer'])
    expect(after.groups).not.toContain('EDGE-ADMINS')
    const removed = await platform.call('DELETE', '/api/auth/v0/sso-groups-roles/edge-admins-admin', {
      headers: { 'if-match': '*' },
    })
    expect(removed.status).toBe(204)
  })

  it('accepts a role the caller holds', async () => {
    const operatorAdmin = await platform.tokenFor(ADMIN, [
      'auth.users.*',
      ...permissionsOfRoles(['operator', 'viewer']),
    ])
    const promoted = await patch(VIEWER, { roles: ['viewer', 'operator'] }, operatorAdmin)
    expect(promoted.status).toBe(200)
    expect(promoted.body.data.roles).toEqual(['viewer', 'operator'])
    expect((await patch(VIEWER, { roles: ['viewer'] }, operatorAdmin)).status).toBe(200)
  })

  it('leaves a user holding a role beyond the caller’s permissions alone: no change, no deletion', async () => {
    const userAdmin = await platform.tokenFor(ADMIN, ['auth.users.*'])
    const refusal = `user ${ADMIN} holds admin, which holds permissions you do not: ask someone who holds them`
    const disabled = await patch(ADMIN, { status: 'disabled' }, userAdmin)
    expect(disabled.status).toBe(403)
    expect(disabled.body.message).toBe(refusal)
    const stripped = await patch(ADMIN, { roles: [] }, userAdmin)
    expect(stripped.status).toBe(403)
    const deleted = await platform.call('DELETE', user(ADMIN), { headers: { 'if-match': '*' }, token: userAdmin })
    expect(deleted.status).toBe(403)
    expect(deleted.body.message).toBe(refusal)
    expect((await platform.call('GET', user(ADMIN))).body.data).toMatchObject({ status: 'active', roles: ['admin'] })
    // One they could have made themselves is theirs to change.
    const invited = await platform.call('POST', '/api/auth/v0/users', {
      body: { email: 'norole@example.com', status: 'invited' },
      token: userAdmin,
    })
    expect(invited.status).toBe(201)
    expect((await patch('norole@example.com', { first_name: 'No' }, userAdmin)).status).toBe(200)
  })
})

describe('filtering users and tokens', () => {
  it('lists the tokens a user owns and the users by status, role or group', async () => {
    await platform.call('POST', '/api/auth/v0/users', {
      body: { email: 'fay@example.com', roles: ['viewer', 'operator'], groups: ['night-shift'], status: 'invited' },
    })
    await createToken({ name: 'fay-1', owner: 'fay@example.com', permissions: ['wadp.websites.list'] })
    await createToken({ name: 'fay-2', owner: 'fay@example.com', permissions: ['wadp.websites.list'] })
    await platform.call('POST', '/api/auth/v0/tokens/fay-2/revoke', { headers: { 'if-match': '*' } })

    const owned = await platform.call('GET', '/api/auth/v0/tokens?owner=fay@example.com')
    expect(owned.body.data.map((t: { name: string }) => t.name)).toEqual(['fay-1', 'fay-2'])
    expect(owned.body.meta.total).toBe(2)
    const active = await platform.call('GET', '/api/auth/v0/tokens?owner=fay@example.com&status=active')
    expect(active.body.data.map((t: { name: string }) => t.name)).toEqual(['fay-1'])

    const names = async (query: string) =>
      (await platform.call('GET', `/api/auth/v0/users?${query}`)).body.data.map((u: { name: string }) => u.name)
    expect(await names('status=invited&roles=operator')).toContain('fay@example.com')
    expect(await names('groups=night-shift')).toEqual(['fay@example.com'])
    expect(await names('status=disabled&groups=night-shift')).toEqual([])

    const bad = await platform.call('GET', `/api/auth/v0/tokens?owner=${'x'.repeat(300)}`)
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual([{ field: 'owner', message: 'at most 254 characters' }])
  })
})
