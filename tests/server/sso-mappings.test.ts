import { describe, expect, it } from 'vitest'
import { grants } from '../../src/domain/permissions.ts'
import { permissionsOfRoles } from '../../src/types/roles.ts'
import { oidcSignIn } from './oidc-browser.ts'
import { ADMIN, DEMO_PASSWORD, OPERATOR, setUpPlatform } from './support.ts'

const platform = setUpPlatform()
const mappings = '/api/auth/v0/sso-groups-roles'

/** An OIDC sign-in through the built-in provider, as the console does it; returns the access token. */
const signIn = (email: string) => oidcSignIn(platform.url, email, DEMO_PASSWORD)

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'))

async function permissionsIn(project: string, token: string): Promise<string[]> {
  const answer = await platform.call('GET', `/api/auth/v0/projects/${project}/permissions`, { token })
  expect(answer.status, `permissions in ${project}`).toBe(200)
  return answer.body.data
}

/** Whether the caller is refused in the project: it holds no permission there. */
async function refusedIn(project: string, token: string): Promise<boolean> {
  const answer = await platform.call('GET', `/api/auth/v0/projects/${project}/permissions`, { token })
  return answer.status === 403
}

describe('SSO group/role mappings', () => {
  it('validates the role, the scope and the name of what it scopes to', async () => {
    const missing = await platform.call('POST', mappings, {
      body: { name: 'no-scope-name', group: 'ops', role: 'operator', scope: 'project' },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual([
      { field: 'scope_name', message: 'is required: name the organization, customer or project the role applies in' },
    ])
    const ghost = await platform.call('POST', mappings, {
      body: { name: 'ghost', group: 'ops', role: 'operator', scope: 'customer', scope_name: 'ghost' },
    })
    expect(ghost.status).toBe(400)
    expect(ghost.body.errors).toEqual([{ field: 'scope_name', message: 'customer ghost does not exist' }])
    const platformWide = await platform.call('POST', mappings, {
      body: { name: 'named', group: 'ops', role: 'viewer', scope: 'platform', scope_name: 'shop' },
    })
    expect(platformWide.body.errors).toEqual([{ field: 'scope_name', message: 'must be empty for the platform scope' }])
    const role = await platform.call('POST', mappings, { body: { name: 'wizards', group: 'ops', role: 'wizard' } })
    expect(role.body.errors).toEqual([{ field: 'role', message: 'must be one of: admin, operator, viewer' }])
    const group = await platform.call('POST', mappings, { body: { name: 'blank', group: '  ', role: 'viewer' } })
    expect(group.body.errors).toEqual([{ field: 'group', message: 'must not be empty' }])
  })

  it('is written only by a caller holding its role’s permissions', async () => {
    const mapper = await platform.tokenFor(ADMIN, ['auth.sso-groups-roles.*', ...permissionsOfRoles(['viewer'])])
    const admin = await platform.call('POST', mappings, {
      body: { name: 'everyone-admin', group: 'everyone', role: 'admin' },
      token: mapper,
    })
    expect(admin.status).toBe(400)
    expect(admin.body.errors).toEqual([
      { field: 'role', message: 'you cannot grant admin: it holds permissions you do not' },
    ])
    const scoped = await platform.call('POST', mappings, {
      body: { name: 'everyone-operator', group: 'everyone', role: 'operator', scope: 'project', scope_name: 'shop' },
      token: mapper,
    })
    expect(scoped.status).toBe(400)
    expect((await platform.call('GET', `${mappings}/everyone-admin`)).status).toBe(404)

    const viewers = await platform.call('POST', mappings, {
      body: { name: 'everyone-viewer', group: 'everyone', role: 'viewer' },
      token: mapper,
    })
    expect(viewers.status).toBe(201)
    const raised = await platform.call('PATCH', `${mappings}/everyone-viewer`, {
      body: { role: 'admin' },
      headers: { 'if-match': '*' },
      token: mapper,
    })
    expect(raised.status).toBe(400)
    expect(raised.body.errors[0].field).toBe('role')
    const removed = await platform.call('DELETE', `${mappings}/everyone-viewer`, {
      headers: { 'if-match': '*' },
      token: mapper,
    })
    expect(removed.status).toBe(204)
  })

  it('puts the demo users’ groups in the built-in provider’s access token and userinfo', async () => {
    const token = await signIn(OPERATOR)
    expect(claimsOf(token).groups).toEqual(['edge-operators'])
    const userinfo = await fetch(`${platform.url}/oidc/me`, { headers: { authorization: `Bearer ${token}` } })
    expect(await userinfo.json()).toMatchObject({ email: OPERATOR, groups: ['edge-operators'] })
  })

  it('grants the mapped role in the mapped project at the next sign-in, and takes it back once removed', async () => {
    await platform.call('POST', '/api/auth/v0/users', {
      body: { email: 'sam@example.com', first_name: 'Sam', roles: [], groups: ['Shop-Ops'] },
    })
    const before = await signIn('sam@example.com')
    expect(await refusedIn('shop', before)).toBe(true)

    const created = await platform.call('POST', mappings, {
      body: { name: 'shop-ops', group: 'shop-ops', role: 'operator', scope: 'project', scope_name: 'shop' },
    })
    expect(created.status).toBe(201)
    const matching = await platform.call('GET', `${mappings}/shop-ops/matching-users`)
    expect(matching.body.data).toEqual(['sam@example.com'])
    // The groups are the token's; the mappings are read as they are now, even for a token signed in before.
    expect(grants(await permissionsIn('shop', before), 'wadp.websites.create')).toBe(true)

    const token = await signIn('sam@example.com')
    expect(claimsOf(token).groups).toEqual(['Shop-Ops'])
    expect(grants(await permissionsIn('shop', token), 'wadp.websites.create')).toBe(true)
    expect(await refusedIn('media', token)).toBe(true)
    const projects = await platform.call('GET', '/api/auth/v0/search/projects?items=100', { token })
    expect(projects.body.data.map((p: { name: string }) => p.name)).toEqual(['shop'])
    const director = { name: 'sso-made', backends: [{ host: 'origin.example.com', port: 443 }] }
    expect(
      (await platform.call('POST', '/api/core/v0/projects/shop/directors', { token, body: director })).status,
    ).toBe(201)
    const elsewhere = await platform.call('POST', '/api/core/v0/projects/media/directors', { token, body: director })
    expect(elsewhere.status).toBe(403)
    const found = await platform.call('GET', '/api/core/v0/search?query=origin', { token })
    const projectsFound = new Set(found.body.data.map((r: { project: { name: string } }) => r.project.name))
    expect([...projectsFound]).toEqual(['shop'])

    const removed = await platform.call('DELETE', `${mappings}/shop-ops`, { headers: { 'if-match': '"1"' } })
    expect(removed.status).toBe(204)
    const after = await signIn('sam@example.com')
    expect(await refusedIn('shop', after)).toBe(true)
  })

  it('grants an organization’s role in every project of its customers, and a platform role everywhere', async () => {
    await platform.call('POST', '/api/auth/v0/users', {
      body: { email: 'olga@example.com', roles: [], groups: ['acme-readers', 'Everyone'] },
    })
    await platform.call('POST', mappings, {
      body: { name: 'acme-readers', group: 'ACME-READERS', role: 'viewer', scope: 'organization', scope_name: 'acme' },
    })
    const token = await signIn('olga@example.com')
    for (const project of ['shop', 'shop-staging', 'media']) {
      expect(await permissionsIn(project, token)).toContain('wadp.websites.list')
    }
    expect(await refusedIn('labs', token)).toBe(true)

    await platform.call('POST', mappings, { body: { name: 'everyone', group: 'everyone', role: 'viewer' } })
    const everywhere = await signIn('olga@example.com')
    expect(await permissionsIn('labs', everywhere)).toContain('wadp.websites.list')
    const login = await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token: everywhere } })
    expect(login.body.data.user.roles).toEqual(['viewer'])
  })

  it('goes with the project it is scoped to', async () => {
    await platform.call('POST', '/api/auth/v0/projects', { body: { name: 'short-lived', customer: 'acme-retail' } })
    await platform.call('POST', mappings, {
      body: { name: 'short-ops', group: 'ops', role: 'operator', scope: 'project', scope_name: 'short-lived' },
    })
    const res = await platform.call('DELETE', '/api/auth/v0/projects/short-lived', { headers: { 'if-match': '*' } })
    expect(res.status).toBe(204)
    expect((await platform.call('GET', `${mappings}/short-ops`)).status).toBe(404)
  })

  it('never outlives a project deleted at the same moment', async () => {
    // On PostgreSQL the two writes run on separate connections: the mapping lands first and goes with
    // the project, or finds the project gone (400).
    for (let round = 0; round < 6; round += 1) {
      const project = `raced-${round}`
      await platform.call('POST', '/api/auth/v0/projects', { body: { name: project, customer: 'acme-retail' } })
      const [mapping, removed] = await Promise.all([
        platform.call('POST', mappings, {
          body: { name: `raced-ops-${round}`, group: 'ops', role: 'operator', scope: 'project', scope_name: project },
        }),
        platform.call('DELETE', `/api/auth/v0/projects/${project}`, { headers: { 'if-match': '*' } }),
      ])
      expect(removed.status).toBe(204)
      expect([201, 400]).toContain(mapping.status)
      const left = await platform.call('GET', `${mappings}/raced-ops-${round}`)
      expect(left.status, `round ${round}: mapping ${mapping.status}`).toBe(404)
    }
  })
})

describe('an OIDC user who is disabled', () => {
  it('loses their access token at once and cannot sign in again until re-enabled', async () => {
    await platform.call('POST', '/api/auth/v0/users', { body: { email: 'dina@example.com', roles: ['viewer'] } })
    const token = await signIn('dina@example.com')
    expect((await platform.call('GET', '/api/core/v0/projects/shop/websites', { token })).status).toBe(200)

    await platform.call('PATCH', '/api/auth/v0/users/dina@example.com', {
      body: { status: 'disabled' },
      headers: { 'if-match': '"1"' },
    })
    const refused = await platform.call('GET', '/api/core/v0/projects/shop/websites', { token })
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe('user dina@example.com is disabled')
    await expect(signIn('dina@example.com')).rejects.toThrow(/Wrong e-mail or password/)

    await platform.call('PATCH', '/api/auth/v0/users/dina@example.com', {
      body: { status: 'active' },
      headers: { 'if-match': '"2"' },
    })
    const again = await signIn('dina@example.com')
    expect((await platform.call('GET', '/api/core/v0/projects/shop/websites', { token: again })).status).toBe(200)
  })
})
