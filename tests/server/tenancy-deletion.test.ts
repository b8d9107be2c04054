import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { conflict } from '../../server/base/errors.ts'
import { ADMIN, queryRows, scheduledBackupsTaken, setUpPlatform } from './support.ts'

const platform = setUpPlatform()
const auth = '/api/auth/v0'

async function ok(method: string, path: string, body?: unknown) {
  const res = await platform.call(method, path, body === undefined ? {} : { body })
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`)
  return res
}

/** A project with a director, a website on `domain`, an access token, an invalidation and a backup. */
async function furnishedProject(name: string, customer: string, domain: string) {
  await ok('POST', `${auth}/projects`, { name, customer })
  const core = `/api/core/v0/projects/${name}`
  await ok('POST', `${core}/directors`, { name: 'origin', backends: [{ host: 'origin.example.com', port: 443 }] })
  await ok('POST', `${core}/websites`, { name: 'site', domain_name: domain, default_director: 'origin' })
  await ok('POST', `${core}/access-tokens`, { name: 'monitoring', websites: ['site'] })
  await ok('POST', `/api/purge/v0/projects/${name}/purge`, { type: 'all' })
  await ok('POST', `${core}/backups`, { trigger: 'manual' })
}

async function tokenRecord(name: string) {
  return (await platform.call('GET', `${auth}/tokens/${name}`)).body.data
}

describe('deleting a customer with its projects', () => {
  beforeAll(async () => {
    // The day's scheduled backups are taken first: the counts below are of what this file creates.
    await scheduledBackupsTaken(platform)
    await ok('POST', `${auth}/organizations`, { name: 'initech' })
    await ok('POST', `${auth}/customers`, { name: 'initech-web', organization: 'initech' })
    await furnishedProject('tps', 'initech-web', 'tps.initech.example')
    await furnishedProject('reports', 'initech-web', 'reports.initech.example')
    await ok('POST', `${auth}/tokens`, { name: 'tps-only', permissions: ['wadp.websites.list'], projects: ['tps'] })
    await ok('POST', `${auth}/tokens`, {
      name: 'tps-and-shop',
      permissions: ['wadp.websites.list'],
      projects: ['tps', 'shop'],
    })
  })

  it('previews the projects, their resources by type and the tokens limited to them', async () => {
    const preview = await platform.call('GET', `${auth}/customers/initech-web/deletion-preview`)
    expect(preview.status).toBe(200)
    expect(preview.body.data).toEqual({
      projects: ['reports', 'tps'],
      resources: { 'access-tokens': 2, backups: 2, directors: 2, purge: 2, websites: 2 },
      tokens_limited_to_it: 2,
    })
    const project = await platform.call('GET', `${auth}/projects/reports/deletion-preview`)
    expect(project.body.data).toEqual({
      projects: ['reports'],
      resources: { 'access-tokens': 1, backups: 1, directors: 1, purge: 1, websites: 1 },
      tokens_limited_to_it: 0,
    })
    expect((await platform.call('GET', `${auth}/customers/nobody/deletion-preview`)).status).toBe(404)
  })

  it('keeps the previews for those who may delete', async () => {
    const reader = await platform.tokenFor(ADMIN, ['auth.customers.get', 'auth.projects.get'])
    const res = await platform.call('GET', `${auth}/customers/initech-web/deletion-preview`, { token: reader })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('missing permission auth.customers.delete')
  })

  it('refuses a customer with projects without cascade, and a cascade without If-Match', async () => {
    const plain = await platform.call('DELETE', `${auth}/customers/initech-web`, { headers: { 'if-match': '*' } })
    expect(plain.status).toBe(409)
    expect(plain.body.message).toContain('customer initech-web is still used by project reports, project tps')
    const unconditional = await platform.call('DELETE', `${auth}/customers/initech-web?cascade=true`)
    expect(unconditional.status).toBe(412)
    const odd = await platform.call('DELETE', `${auth}/customers/initech-web?cascade=yes`, {
      headers: { 'if-match': '*' },
    })
    expect(odd.status).toBe(400)
    expect(odd.body.errors).toEqual([{ field: 'cascade', message: 'must be true or false' }])
  })

  it('leaves everything in place when a failure stops the cascade midway', async () => {
    const definition = platform.server.ctx.resources.definition('projects')
    const hooks = definition?.hooks
    const original = hooks?.beforeDelete
    if (!hooks || !original) throw new Error('projects have no beforeDelete hook')
    // The second project fails after the first one and its resources were deleted in the transaction.
    hooks.beforeDelete = async (args) => {
      if (args.name === 'tps') throw conflict('project tps is being audited')
      return original(args)
    }
    try {
      const res = await platform.call('DELETE', `${auth}/customers/initech-web?cascade=true`, {
        headers: { 'if-match': '"1"' },
      })
      expect(res.status).toBe(409)
      expect(res.body.message).toBe('project tps is being audited')
    } finally {
      hooks.beforeDelete = original
    }
    expect((await platform.call('GET', `${auth}/customers/initech-web`)).status).toBe(200)
    expect((await platform.call('GET', `${auth}/projects/reports`)).status).toBe(200)
    const websites = await platform.call('GET', '/api/core/v0/projects/reports/websites')
    expect(websites.body.data.map((w: { name: string }) => w.name)).toEqual(['site'])
    expect((await platform.call('GET', '/api/core/v0/projects/reports/backups')).body.meta.total).toBe(1)
    expect((await tokenRecord('tps-only')).status).toBe('active')
    const preview = await platform.call('GET', `${auth}/customers/initech-web/deletion-preview`)
    expect(preview.body.data.resources).toEqual({
      'access-tokens': 2,
      backups: 2,
      directors: 2,
      purge: 2,
      websites: 2,
    })
  })

  it('removes the customer, its projects and all they hold in one go, and lets the tokens go of them', async () => {
    const onlyTps = await platform.tokenFor(ADMIN, ['wadp.websites.list'], { projects: ['tps'] })
    const res = await platform.call('DELETE', `${auth}/customers/initech-web?cascade=true`, {
      headers: { 'if-match': '"1"' },
    })
    expect(res.status).toBe(204)
    for (const path of [`${auth}/customers/initech-web`, `${auth}/projects/tps`, `${auth}/projects/reports`]) {
      expect((await platform.call('GET', path)).status).toBe(404)
    }
    const [left] = await queryRows<{ n: number }>(
      platform,
      sql`select count(*)::int as n from resources where scope in ('tps', 'reports')`,
    )
    expect(left?.n).toBe(0)
    expect((await platform.call('GET', '/api/core/v0/projects/tps/websites')).status).toBe(404)

    // Limited to the deleted project alone: revoked; limited to others too: narrowed to them.
    expect(await tokenRecord('tps-only')).toMatchObject({ status: 'revoked', projects: [] })
    expect(await tokenRecord('tps-and-shop')).toMatchObject({ status: 'active', projects: ['shop'] })
    const refused = await platform.call('GET', '/api/auth/v0/auth/check', { token: onlyTps })
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe('token revoked')

    const entries = await queryRows<{ action: string; resource_name: string }>(
      platform,
      sql`select action, resource_name from audit_log where action in ('customers.delete', 'projects.delete', 'tokens.revoke', 'tokens.update') and (resource_name in ('initech-web', 'tps', 'reports') or project in ('tps', 'reports')) order by id`,
    )
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'projects.delete', resource_name: 'reports' },
        { action: 'projects.delete', resource_name: 'tps' },
        { action: 'customers.delete', resource_name: 'initech-web' },
        { action: 'tokens.revoke', resource_name: 'tps-only' },
        { action: 'tokens.update', resource_name: 'tps-and-shop' },
      ]),
    )
    expect(entries.at(-1)).toEqual({ action: 'customers.delete', resource_name: 'initech-web' })
  })
})

describe('deleting a project', () => {
  it('deletes its backups, invalidations and access tokens with its configuration, and a token limited to it no longer blocks it', async () => {
    await ok('POST', `${auth}/customers`, { name: 'solo-customer', organization: 'acme' })
    await furnishedProject('solo', 'solo-customer', 'solo.example.com')
    await ok('POST', `${auth}/tokens`, { name: 'solo-token', permissions: ['wadp.websites.list'], projects: ['solo'] })
    const preview = await platform.call('GET', `${auth}/projects/solo/deletion-preview`)
    expect(preview.body.data.tokens_limited_to_it).toBe(1)
    const res = await platform.call('DELETE', `${auth}/projects/solo`, { headers: { 'if-match': '"1"' } })
    expect(res.status).toBe(204)
    const types = await queryRows<{ type: string }>(platform, sql`select type from resources where scope = 'solo'`)
    expect(types).toEqual([])
    expect((await tokenRecord('solo-token')).status).toBe('revoked')
    // The customer is free again: a plain delete goes through.
    const customer = await platform.call('DELETE', `${auth}/customers/solo-customer`, { headers: { 'if-match': '*' } })
    expect(customer.status).toBe(204)
  })

  it('leaves nothing behind when a resource or an invalidation is written into it at the same moment', async () => {
    // On PostgreSQL the writes run on separate connections: each lands before the delete (and goes
    // with the project) or finds the project gone.
    for (let round = 0; round < 6; round += 1) {
      const name = `raced-${round}`
      await ok('POST', `${auth}/projects`, { name, customer: 'acme-media' })
      const [director, invalidation, removed] = await Promise.all([
        platform.call('POST', `/api/core/v0/projects/${name}/directors`, {
          body: { name: 'origin', backends: [{ host: 'origin.example.com', port: 443 }] },
        }),
        platform.call('POST', `/api/purge/v0/projects/${name}/purge`, { body: { type: 'all' } }),
        platform.call('DELETE', `${auth}/projects/${name}`, { headers: { 'if-match': '*' } }),
      ])
      expect(removed.status).toBe(204)
      expect([201, 404]).toContain(director.status)
      expect([202, 404]).toContain(invalidation.status)
      const left = await queryRows<{ type: string }>(platform, sql`select type from resources where scope = ${name}`)
      const revisions = await queryRows(platform, sql`select scope from config_revisions where scope = ${name}`)
      expect([left, revisions], `round ${round}: director ${director.status}, purge ${invalidation.status}`).toEqual([
        [],
        [],
      ])
    }
  })
})
