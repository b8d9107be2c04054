import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN, queryRows, setUpPlatform } from './support.ts'

const platform = setUpPlatform({ syncDelay: '60000' })
const base = '/api/core/v0/access-list'
const realNow = Date.now

async function platformRevision(): Promise<number> {
  const rows = await queryRows<{ revision: number }>(
    platform,
    sql`select revision from config_revisions where scope = ''`,
  )
  return Number(rows[0]?.revision ?? 0)
}

async function etagOf(name: string): Promise<string> {
  return (await platform.call('GET', `${base}/${name}`)).headers.get('etag') ?? ''
}

afterEach(() => {
  platform.server.ctx.now = realNow
})

describe('Blocklist entries', () => {
  it('are created with their defaults and a normalised value, per target', async () => {
    const cases = [
      { name: 'one-ip', target: 'ip', value: '2001:DB8:0:0:0:0:0:1', stored: '2001:db8::1' },
      { name: 'one-net', target: 'cidr', value: '10.1.2.3/8', stored: '10.0.0.0/8' },
      { name: 'one-asn', target: 'asn', value: '13335', stored: 'AS13335' },
      { name: 'one-country', target: 'country', value: 'fr', stored: 'FR' },
    ]
    for (const { name, target, value, stored } of cases) {
      const created = await platform.call('POST', base, { body: { name, target, value } })
      expect(created.status).toBe(201)
      expect(created.body.data).toMatchObject({
        name,
        target,
        value: stored,
        action: 'block',
        scope: 'platform',
        project: null,
        notes: '',
        expires_at: null,
        status: 'active',
      })
    }
  })

  it('refuse a value that is not one of its target, on the value field', async () => {
    const bad = [
      { target: 'ip', value: '10.0.0.999', message: 'must be an IPv4 or IPv6 address' },
      { target: 'ip', value: '10.0.0.0/8', message: 'must be one address, without a /prefix' },
      { target: 'cidr', value: '10.0.0.1', message: 'must be a network with a /prefix, such as 10.0.0.0/8' },
      { target: 'asn', value: 'AS-CLOUD', message: 'must be an AS number such as AS13335 or 13335' },
      { target: 'country', value: 'XX', message: 'must be an ISO 3166 two-letter country code such as FR' },
    ]
    for (const { target, value, message } of bad) {
      const res = await platform.call('POST', base, { body: { name: 'bad-entry', target, value } })
      expect(res.status).toBe(400)
      expect(res.body.errors).toEqual([{ field: 'value', message }])
    }
    const noProject = await platform.call('POST', base, {
      body: { name: 'bad-entry', target: 'ip', value: '192.0.2.1', scope: 'project' },
    })
    expect(noProject.body.errors).toEqual([{ field: 'project', message: 'choose the project it applies to' }])
    const ghost = await platform.call('POST', base, {
      body: { name: 'bad-entry', target: 'ip', value: '192.0.2.1', scope: 'project', project: 'no-such-project' },
    })
    expect(ghost.status).toBe(400)
    expect(ghost.body.errors).toEqual([{ field: 'project', message: 'project no-such-project does not exist' }])
  })

  it('are unique on scope, target and value: a second one is a 409 naming the first', async () => {
    expect(
      (await platform.call('POST', base, { body: { name: 'office', target: 'cidr', value: '198.51.100.0/24' } }))
        .status,
    ).toBe(201)
    // The same network written differently is the same value.
    const again = await platform.call('POST', base, {
      body: { name: 'office-again', target: 'cidr', value: '198.51.100.77/24', action: 'allow' },
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('blocklist entry office already holds cidr 198.51.100.0/24 on the platform')
    expect(again.body.errors).toEqual([{ field: 'value', message: 'already held by blocklist entry office' }])
    expect(again.body.data).toBeUndefined()
    // Another scope is another entry.
    const inProject = await platform.call('POST', base, {
      body: { name: 'office-shop', target: 'cidr', value: '198.51.100.0/24', scope: 'project', project: 'shop' },
    })
    expect(inProject.status).toBe(201)
    // An update onto a value another entry holds is refused too; keeping its own value is not.
    await platform.call('POST', base, { body: { name: 'other-net', target: 'cidr', value: '203.0.113.0/24' } })
    const onto = await platform.call('PATCH', `${base}/other-net`, {
      body: { value: '198.51.100.0/24' },
      headers: { 'if-match': await etagOf('other-net') },
    })
    expect(onto.status).toBe(409)
    expect(onto.body.message).toContain('blocklist entry office already holds')
    const own = await platform.call('PATCH', `${base}/office`, {
      body: { notes: 'Lisbon office', action: 'allow' },
      headers: { 'if-match': await etagOf('office') },
    })
    expect(own.status).toBe(200)
    expect(own.body.data).toMatchObject({ notes: 'Lisbon office', action: 'allow' })
  })

  it('bump the platform revision on create, update, delete and import, and say so in the admin sync view', async () => {
    const start = await platformRevision()
    await platform.call('POST', base, { body: { name: 'rev-entry', target: 'asn', value: 'AS64500' } })
    expect(await platformRevision()).toBe(start + 1)
    const sync = await platform.call('GET', '/api/core/v0/admin-sync-state')
    // The fleet applies it after the (long) test delay: not updated yet.
    expect(sync.body.data.updated).toBe(false)
    await platform.call('PUT', `${base}/rev-entry`, {
      body: { target: 'asn', value: 'AS64500', action: 'challenge' },
      headers: { 'if-match': await etagOf('rev-entry') },
    })
    expect(await platformRevision()).toBe(start + 2)
    await platform.call('DELETE', `${base}/rev-entry`, { headers: { 'if-match': await etagOf('rev-entry') } })
    expect(await platformRevision()).toBe(start + 3)
    await platform.call('POST', `${base}/import`, { body: { text: 'AS64501\nAS64502\nAS64503' } })
    expect(await platformRevision()).toBe(start + 4)
  })

  it('import pasted values: invalid lines by number, duplicates counted, the valid ones added, one audit entry', async () => {
    await platform.call('POST', base, { body: { name: 'known', target: 'ip', value: '192.0.2.50' } })
    const text = [
      '# bad bots',
      '203.0.113.7 # scraper',
      '10.0.0.999',
      '203.0.113.9/29',
      '192.0.2.50',
      'as15169',
      'AS15169',
      'nowhere',
      'ru',
      '',
    ].join('\n')
    const res = await platform.call('POST', `${base}/import`, { body: { text, action: 'challenge' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      added: 4,
      duplicates: 2,
      invalid: [
        { line: 3, text: '10.0.0.999', message: 'must be an IPv4 or IPv6 address' },
        { line: 8, text: 'nowhere', message: 'must be an IPv4 or IPv6 address' },
      ],
      names: ['ip-203-0-113-7', 'cidr-203-0-113-8-29', 'asn-15169', 'country-ru'],
    })
    const scraper = await platform.call('GET', `${base}/ip-203-0-113-7`)
    expect(scraper.body.data).toMatchObject({
      target: 'ip',
      value: '203.0.113.7',
      action: 'challenge',
      notes: 'scraper',
    })
    const audit = await queryRows<{ action: string; resource_name: string }>(
      platform,
      sql`select action, resource_name from audit_log where action = 'access-list.import' order by id`,
    )
    expect(audit.at(-1)).toEqual({ action: 'access-list.import', resource_name: '4 entries' })
    // Pasting the same again adds nothing and changes no revision.
    const before = await platformRevision()
    const again = await platform.call('POST', `${base}/import`, { body: { text } })
    expect(again.body.data).toMatchObject({ added: 0, duplicates: 6 })
    expect(await platformRevision()).toBe(before)
    // A value pasted under a name another entry has gets the next free name.
    await platform.call('DELETE', `${base}/ip-203-0-113-7`, { headers: { 'if-match': await etagOf('ip-203-0-113-7') } })
    await platform.call('POST', base, { body: { name: 'ip-198-51-100-9', target: 'country', value: 'DE' } })
    const named = await platform.call('POST', `${base}/import`, { body: { text: '198.51.100.9' } })
    expect(named.body.data.names).toEqual(['ip-198-51-100-9-2'])
  })

  it('refuse an import into a project without naming it, and a malformed body, with nothing written', async () => {
    const before = await platformRevision()
    const noProject = await platform.call('POST', `${base}/import`, { body: { text: '192.0.2.99', scope: 'project' } })
    expect(noProject.status).toBe(400)
    expect(noProject.body.errors).toEqual([{ field: 'project', message: 'choose the project it applies to' }])
    const malformed = await platform.call('POST', `${base}/import`, { body: { text: 42 } })
    expect(malformed.status).toBe(400)
    expect(await platformRevision()).toBe(before)
    expect((await platform.call('GET', `${base}/ip-192-0-2-99`)).status).toBe(404)
  })

  it('show an entry past its expiry as expired, and keep it', async () => {
    const now = Date.now()
    const expires = new Date(now + 3_600_000).toISOString()
    await platform.call('POST', base, {
      body: { name: 'temporary', target: 'ip', value: '192.0.2.200', expires_at: expires },
    })
    expect((await platform.call('GET', `${base}/temporary`)).body.data.status).toBe('active')
    platform.server.ctx.now = () => now + 2 * 3_600_000
    expect((await platform.call('GET', `${base}/temporary`)).body.data).toMatchObject({
      status: 'expired',
      expires_at: expires,
    })
    const listed = await platform.call('GET', `${base}?q=temporary`)
    expect(listed.body.data).toEqual([expect.objectContaining({ name: 'temporary', status: 'expired' })])
  })

  it('need the access-list permissions', async () => {
    const reader = await platform.tokenFor(ADMIN, ['wadp.access-list.list', 'wadp.access-list.get'])
    expect((await platform.call('GET', base, { token: reader })).status).toBe(200)
    const create = await platform.call('POST', base, {
      token: reader,
      body: { name: 'sneaky', target: 'ip', value: '192.0.2.1' },
    })
    expect(create.status).toBe(403)
    const imported = await platform.call('POST', `${base}/import`, { token: reader, body: { text: '192.0.2.1' } })
    expect(imported.status).toBe(403)
    expect(imported.body.message).toBe('missing permission wadp.access-list.create')
    const none = await platform.tokenFor(ADMIN, ['wadp.directors.list'])
    expect((await platform.call('GET', base, { token: none })).status).toBe(403)
  })
})

describe('a project’s blocklist entries', () => {
  it('are counted by its deletion preview and go with it, audited, moving the platform revision', async () => {
    const auth = '/api/auth/v0'
    expect(
      (await platform.call('POST', `${auth}/projects`, { body: { name: 'leaving', customer: 'acme-retail' } })).status,
    ).toBe(201)
    const entry = { name: 'leaving-ip', target: 'ip', value: '198.51.100.9', scope: 'project', project: 'leaving' }
    expect((await platform.call('POST', base, { body: entry })).status).toBe(201)
    const preview = await platform.call('GET', `${auth}/projects/leaving/deletion-preview`)
    expect(preview.body.data.resources['access-list']).toBe(1)

    const before = await platformRevision()
    const etag = (await platform.call('GET', `${auth}/projects/leaving`)).headers.get('etag') ?? ''
    const deleted = await platform.call('DELETE', `${auth}/projects/leaving`, { headers: { 'if-match': etag } })
    expect(deleted.status).toBe(204)
    expect((await platform.call('GET', `${base}/leaving-ip`)).status).toBe(404)
    expect(await platformRevision()).toBeGreaterThan(before)
    const audit = await platform.call('GET', `${auth}/audit?action=access-list.delete&project=leaving`)
    expect(audit.body.data.map((e: { resource: { name: string } }) => e.resource.name)).toEqual(['leaving-ip'])
  })
})

describe('Blocklist entries written while a project is deleted', () => {
  it('take turns with the delete, on other connections, never a 500', async () => {
    // The delete moves the platform's revision (it deletes the project's entries) and the entries' cache
    // generation; a blocklist write moves both too: on PostgreSQL they lock the two rows, in one order.
    for (let round = 0; round < 4; round += 1) {
      const project = `raced-${round}`
      await platform.call('POST', '/api/auth/v0/projects', { body: { name: project, customer: 'acme-retail' } })
      const scoped = { target: 'ip', value: `192.0.2.${100 + round}`, scope: 'project', project }
      expect((await platform.call('POST', base, { body: { name: `${project}-own`, ...scoped } })).status).toBe(201)
      const [removed, ...written] = await Promise.all([
        platform.call('DELETE', `/api/auth/v0/projects/${project}`, { headers: { 'if-match': '*' } }),
        ...[0, 1, 2].map((i) =>
          platform.call('POST', base, {
            body: { name: `raced-${round}-${i}`, target: 'ip', value: `198.51.100.${10 * round + i}` },
          }),
        ),
      ])
      expect([removed.status, ...written.map((write) => write.status)], `round ${round}`).toEqual([204, 201, 201, 201])
    }
  })
})
