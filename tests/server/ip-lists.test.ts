import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { OPERATOR, queryRows, setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform({ syncDelay: '60000' })
const base = '/api/core/v0/projects/shop/iplists'

async function etagOf(name: string): Promise<string> {
  return (await platform.call('GET', `${base}/${name}`)).headers.get('etag') ?? ''
}

async function importInto(name: string, text: string, mode?: 'append' | 'replace', etag?: string) {
  return platform.call('POST', `${base}/${name}/import`, {
    body: { text, ...(mode ? { mode } : {}) },
    headers: { 'if-match': etag ?? (await etagOf(name)) },
  })
}

describe('IP lists', () => {
  it('are created with their defaults, entries normalised, and count their entries', async () => {
    const created = await platform.call('POST', `${base}`, {
      body: {
        name: 'partners',
        entries: [{ cidr: '10.1.2.3/24' }, { cidr: '2001:DB8:0:0:0:0:0:1' }, { cidr: '192.0.2.7/32', negated: true }],
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      description: '',
      entry_count: 3,
      entries: [
        { cidr: '10.1.2.0/24', negated: false, comment: '', expires_at: null },
        { cidr: '2001:db8::1', negated: false, comment: '', expires_at: null },
        { cidr: '192.0.2.7', negated: true, comment: '', expires_at: null },
      ],
    })
    const list = await platform.call('GET', `${base}?q=partners`)
    expect(list.body.data[0].entry_count).toBe(3)
  })

  it('refuse an invalid address and the same network twice, on the entry', async () => {
    const res = await platform.call('POST', base, {
      body: { name: 'bad-list', entries: [{ cidr: '10.0.0.0/8' }, { cidr: '10.0.0.999' }, { cidr: '10.1.0.0/8' }] },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([
      { field: 'entries.1.cidr', message: 'must be an IPv4 or IPv6 address, optionally with a /prefix' },
    ])
    const twice = await platform.call('POST', base, {
      body: { name: 'bad-list', entries: [{ cidr: '10.0.0.0/8' }, { cidr: '10.1.0.0/8' }] },
    })
    expect(twice.body.errors).toEqual([{ field: 'entries.1.cidr', message: '10.0.0.0/8 is already entry 1' }])
  })

  it('import pasted lines: normalised, deduplicated, comments kept, each invalid line reported', async () => {
    await platform.call('POST', base, { body: { name: 'imported', entries: [{ cidr: '10.0.0.1' }] } })
    const res = await importInto(
      'imported',
      ['# partners', '10.0.0.1', '10.2.3.4/16 # Madrid', '', 'not-an-ip', '!10.2.9.9', '10.2.0.0/16', '300.1.1.1'].join(
        '\n',
      ),
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ added: 2, duplicates: 2 })
    expect(res.body.data.invalid).toEqual([
      { line: 5, text: 'not-an-ip', message: 'must be an IPv4 or IPv6 address, optionally with a /prefix' },
      { line: 8, text: '300.1.1.1', message: 'must be an IPv4 or IPv6 address, optionally with a /prefix' },
    ])
    expect(res.body.data.list.entries.map((e: { cidr: string; negated: boolean; comment: string }) => e)).toEqual([
      { cidr: '10.0.0.1', negated: false, comment: '', expires_at: null },
      { cidr: '10.2.0.0/16', negated: false, comment: 'Madrid', expires_at: null },
      { cidr: '10.2.9.9', negated: true, comment: '', expires_at: null },
    ])
    expect(res.body.data.list.entry_count).toBe(3)
    expect(res.headers.get('etag')).toBe(`"${res.body.data.list.revision}"`)
    const audit = await queryRows<{ action: string }>(
      platform,
      sql`select action from audit_log where resource_type = 'iplists' and resource_name = 'imported' order by id`,
    )
    expect(audit.map((row) => row.action)).toEqual(['iplists.create', 'iplists.update'])
  })

  it('replace the entries with the pasted ones in replace mode', async () => {
    await platform.call('POST', base, { body: { name: 'replaced', entries: [{ cidr: '10.0.0.1' }] } })
    const res = await importInto('replaced', '192.0.2.1\n192.0.2.2\n192.0.2.1', 'replace')
    expect(res.body.data).toMatchObject({ added: 2, duplicates: 1, invalid: [] })
    expect(res.body.data.list.entries.map((e: { cidr: string }) => e.cidr)).toEqual(['192.0.2.1', '192.0.2.2'])
  })

  it('write nothing past 10,000 entries', async () => {
    await platform.call('POST', base, { body: { name: 'big', entries: [{ cidr: '192.0.2.1' }] } })
    const lines = Array.from({ length: 10_000 }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)
    const before = await etagOf('big')
    const res = await importInto('big', lines.join('\n'), 'append', before)
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([
      { field: 'text', message: 'the list would hold 10,001 entries, more than 10,000; nothing was imported' },
    ])
    expect(await etagOf('big')).toBe(before)
    const replaced = await importInto('big', lines.join('\n'), 'replace', before)
    expect(replaced.status).toBe(200)
    expect(replaced.body.data.list.entry_count).toBe(10_000)
  })

  it('need a current If-Match to import, like any update', async () => {
    await platform.call('POST', base, { body: { name: 'guarded' } })
    const missing = await platform.call('POST', `${base}/guarded/import`, { body: { text: '10.0.0.1' } })
    expect(missing.status).toBe(412)
    const stale = await importInto('guarded', '10.0.0.1', 'append', '"99"')
    expect(stale.status).toBe(409)
    expect(stale.body.data.name).toBe('guarded')
    expect((await importInto('guarded', '10.0.0.1', 'sideways' as 'append')).status).toBe(400)
  })

  it('say who uses them, and keep a used one', async () => {
    const seeded = await platform.call('GET', `${base}/office-network`)
    expect(seeded.body.data.referenced_by).toEqual([
      { type: 'ratelimits', name: 'login-throttle', field: 'bypass_iplists' },
      { type: 'challenges', name: 'storefront-challenge', field: 'exempt.iplists' },
      // Through the rate limit, the website that uses it (issue 25).
      {
        type: 'websites',
        name: 'shop-example-com',
        field: 'rate_limits',
        through: [{ type: 'ratelimits', name: 'login-throttle', field: 'bypass_iplists' }],
      },
    ])
    // A new referrer shows at once (the cached answer depends on the referring types).
    await platform.call('POST', '/api/core/v0/projects/shop/ratelimits', {
      body: { name: 'partner-limit', bypass_iplists: ['office-network'] },
    })
    const again = await platform.call('GET', `${base}/office-network`)
    expect(again.body.data.referenced_by).toContainEqual({
      type: 'ratelimits',
      name: 'partner-limit',
      field: 'bypass_iplists',
    })
    const busy = await platform.call('DELETE', `${base}/office-network`, {
      headers: { 'if-match': await etagOf('office-network') },
    })
    expect(busy.status).toBe(409)
    const ghost = await platform.call('POST', '/api/core/v0/projects/shop/challenges', {
      body: { name: 'ghost-exempt', exempt: { iplists: ['ghost'] } },
    })
    expect(ghost.body.errors).toEqual([{ field: 'exempt.iplists', message: 'IP list ghost does not exist' }])
  })

  it('accept their read-back record as a body, the read-only fields ignored', async () => {
    const read = await platform.call('GET', `${base}/office-network`)
    const { revision, created_at, created_by, updated_at, updated_by, ...body } = read.body.data
    const written = await platform.call('PUT', `${base}/office-network`, {
      body: { ...body, entry_count: 999, referenced_by: [], description: 'Offices' },
      headers: { 'if-match': read.headers.get('etag') ?? '' },
    })
    expect(written.status).toBe(200)
    expect(written.body.data).toMatchObject({ description: 'Offices', entry_count: 4 })
  })

  it('are managed by operators, read by viewers', async () => {
    const operator = await platform.tokenFor(OPERATOR, ['wadp.*.*'])
    const viewer = await platform.tokenFor(VIEWER, ['wadp.*.*'])
    expect((await platform.call('POST', base, { token: operator, body: { name: 'ops-list' } })).status).toBe(201)
    expect((await platform.call('GET', `${base}/ops-list`, { token: viewer })).status).toBe(200)
    const denied = await platform.call('POST', `${base}/ops-list/import`, {
      token: viewer,
      body: { text: '10.0.0.1' },
      headers: { 'if-match': '*' },
    })
    expect(denied.status).toBe(403)
  })
})
