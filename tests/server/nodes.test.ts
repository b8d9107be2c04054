import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ADMIN, type Json, queryRows, setUpPlatform } from './support.ts'

// A node applies a change 1-2 s after it: long enough that the answer to the change itself still says
// `pending` on a busy machine, short enough to wait for.
const platform = setUpPlatform({ syncDelay: '1000-2000' })
const core = '/api/core/v0'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Detail = { endpoint: string; updated: boolean; maintenance: boolean; available: boolean }

async function setNode(name: string, fields: Record<string, unknown>) {
  const res = await platform.call('PATCH', `${core}/nodes/${name}`, { body: fields, headers: { 'if-match': '*' } })
  expect(res.status).toBe(200)
  return res.body.data
}

/** The node's line in both sync views, read right after the change (no wait: it shows at once). */
async function bothViews(name: string): Promise<{ project: Detail; admin: Detail }> {
  const project = await platform.call('GET', `${core}/projects/shop/sync?details=true`)
  const admin = await platform.call('GET', `${core}/admin-sync-state`)
  const find = (body: Json) => body.data.details.find((d: Detail) => d.endpoint === name)
  return { project: find(project.body), admin: find(admin.body) }
}

async function waitForNode(name: string, done: (node: Json) => boolean) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const res = await platform.call('GET', `${core}/nodes/${name}`)
    if (done(res.body.data)) return res.body.data
    await sleep(100)
  }
  throw new Error(`node ${name} never settled`)
}

describe('nodes in the sync views', () => {
  it('shows maintenance as maintenance in both views, at once', async () => {
    await setNode('pop-de-fra-1', { status: 'maintenance' })
    const { project, admin } = await bothViews('pop-de-fra-1')
    for (const row of [project, admin])
      expect(row).toMatchObject({ maintenance: true, available: true, updated: false })
    await setNode('pop-de-fra-1', { status: 'active' })
    const after = await bothViews('pop-de-fra-1')
    expect(after.admin.maintenance).toBe(false)
  })

  it('lists a disabled or unreachable node as unavailable in both views', async () => {
    await setNode('pop-nl-ams-1', { status: 'disabled' })
    await setNode('pop-pt-lis-1', { reachable: false })
    for (const name of ['pop-nl-ams-1', 'pop-pt-lis-1']) {
      const { project, admin } = await bothViews(name)
      expect(project).toMatchObject({ available: false, updated: false })
      expect(admin).toMatchObject({ available: false, updated: false })
    }
    await setNode('pop-nl-ams-1', { status: 'active' })
    await setNode('pop-pt-lis-1', { reachable: true })
    expect((await bothViews('pop-nl-ams-1')).admin.available).toBe(true)
  })

  it('keeps a draining node applying configuration', async () => {
    await setNode('pop-es-mad-1', { status: 'draining' })
    const { admin } = await bothViews('pop-es-mad-1')
    expect(admin).toMatchObject({ maintenance: false, available: true })
    const node = await waitForNode('pop-es-mad-1', (n) => n.sync_state === 'in_sync')
    expect(node.applied_revision).toBe(node.target_revision)
    await setNode('pop-es-mad-1', { status: 'active' })
  })
})

describe('node sync fields', () => {
  it('moves from pending to in sync with the platform revision, and holds it in maintenance', async () => {
    const moved = await setNode('pop-ca-tor-1', { weight: 5 })
    expect(moved.sync_state).toBe('pending')
    expect(moved.applied_revision).toBe(moved.target_revision - 1)
    const synced = await waitForNode('pop-ca-tor-1', (n) => n.sync_state === 'in_sync')
    expect(synced.applied_revision).toBe(synced.target_revision)
    const held = synced.applied_revision
    const parked = await setNode('pop-ca-tor-1', { status: 'maintenance' })
    // Another change moves the platform on; the node in maintenance keeps what it had.
    await setNode('pop-us-sjc-1', { weight: 3 })
    const later = await platform.call('GET', `${core}/nodes/pop-ca-tor-1`)
    expect(later.body.data.target_revision).toBeGreaterThan(parked.target_revision)
    expect(later.body.data).toMatchObject({ applied_revision: held, sync_state: 'pending' })
    expect(later.body.data).not.toHaveProperty('held_revision')
    await setNode('pop-ca-tor-1', { status: 'active' })
  })

  it('describes the derived fields and the bulk endpoint in openapi.json', async () => {
    const spec = (await platform.call('GET', `${core}/openapi.json`)).body
    const text = JSON.stringify(spec)
    for (const field of ['applied_revision', 'target_revision', 'sync_state', 'last_seen_at'])
      expect(text).toContain(field)
    expect(Object.keys(spec.paths)).toContain('/nodes/maintenance')
  })

  it('says unreachable and when it was last seen', async () => {
    const before = await platform.call('GET', `${core}/nodes/pop-br-sao-1`)
    expect(Date.parse(before.body.data.last_seen_at)).toBeLessThanOrEqual(Date.now())
    const gone = await setNode('pop-br-sao-1', { reachable: false })
    expect(gone.sync_state).toBe('unreachable')
    await sleep(50)
    const again = await platform.call('GET', `${core}/nodes/pop-br-sao-1`)
    expect(again.body.data.last_seen_at).toBe(gone.last_seen_at)
    await setNode('pop-br-sao-1', { reachable: true })
  })
})

describe('pools', () => {
  it('lists the seeded pools with their nodes', async () => {
    const europe = await platform.call('GET', `${core}/pools/europe`)
    expect(europe.body.data).toMatchObject({ rollout: 'canary_first', regions: ['eu-west', 'eu-central'] })
    expect(europe.body.data.nodes).toContain('pop-uk-lon-1')
    const node = await platform.call('GET', `${core}/nodes/pop-sg-sin-1`)
    expect(node.body.data.pool).toBeNull()
  })

  it('lists the nodes naming it, read-only', async () => {
    const created = await platform.call('POST', `${core}/pools`, {
      body: { name: 'probe-pool', regions: ['eu-west', 'EU-central'], rollout: 'canary_first', nodes: ['ignored'] },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ regions: ['eu-west', 'eu-central'], rollout: 'canary_first', nodes: [] })
    await setNode('pop-fr-par-1', { pool: 'probe-pool' })
    await setNode('pop-de-fra-1', { pool: 'probe-pool' })
    const pool = await platform.call('GET', `${core}/pools/probe-pool`)
    expect(pool.body.data.nodes).toEqual(['pop-de-fra-1', 'pop-fr-par-1'])
    const list = await platform.call('GET', `${core}/pools`)
    expect(list.body.data.find((p: Json) => p.name === 'probe-pool').nodes).toEqual(['pop-de-fra-1', 'pop-fr-par-1'])
  })

  it('refuses a node naming an unknown pool, and deleting a pool still used', async () => {
    const refused = await platform.call('PATCH', `${core}/nodes/pop-fr-par-1`, {
      body: { pool: 'nowhere' },
      headers: { 'if-match': '*' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual([{ field: 'pool', message: 'pool nowhere does not exist' }])
    const used = await platform.call('DELETE', `${core}/pools/probe-pool`, { headers: { 'if-match': '*' } })
    expect(used.status).toBe(409)
    expect(used.body.message).toContain('still used by node pop-de-fra-1')
    await setNode('pop-fr-par-1', { pool: null })
    await setNode('pop-de-fra-1', { pool: null })
    const freed = await platform.call('DELETE', `${core}/pools/probe-pool`, { headers: { 'if-match': '*' } })
    expect(freed.status).toBe(204)
  })

  it('refuses a host name that is not one, and a country its name contradicts', async () => {
    const node = (fields: Record<string, unknown>) =>
      platform.call('POST', `${core}/nodes`, {
        body: {
          name: 'pop-de-tst-4',
          hostname: 'pop-de-tst-4.edge.example.net',
          pop_code: 'tst',
          country: 'de',
          ...fields,
        },
      })
    const badHost = await node({ hostname: 'bad host <b>x</b>' })
    expect([badHost.status, badHost.body.errors]).toEqual([
      400,
      [{ field: 'hostname', message: 'must be a host name such as shop.example.com' }],
    ])
    // The sync views show the flag of the name's second part: a name and a country that disagree mislead.
    const elsewhere = await node({ country: 'fr' })
    expect([elsewhere.status, elsewhere.body.errors]).toEqual([
      400,
      [{ field: 'country', message: "must be de: the node's name pop-de-tst-4 says so (its second part)" }],
    ])
    const unnamed = await node({ name: 'my-node' })
    expect([unnamed.status, unnamed.body.errors]).toEqual([
      400,
      [{ field: 'name', message: 'must be the endpoint id with the country second, such as pop-de-par-1' }],
    ])
    const moved = await platform.call('PATCH', `${core}/nodes/pop-fr-par-1`, {
      body: { country: 'de' },
      headers: { 'if-match': '*' },
    })
    expect(moved.body.errors).toEqual([
      { field: 'country', message: "must be fr: the node's name pop-fr-par-1 says so (its second part)" },
    ])
    // A node stored before the rule (its name cannot change) can still be put in maintenance.
    await queryRows(
      platform,
      sql`update resources set name = 'legacy-node' where type = 'nodes' and name = 'pop-sg-sin-1'`,
    )
    const legacy = await platform.call('PATCH', `${core}/nodes/legacy-node`, {
      body: { status: 'maintenance' },
      headers: { 'if-match': '*' },
    })
    expect(legacy.status).toBe(200)
    await queryRows(
      platform,
      sql`update resources set name = 'pop-sg-sin-1' where type = 'nodes' and name = 'legacy-node'`,
    )
    await setNode('pop-sg-sin-1', { status: 'active' })
    // 'uk' stands for gb, as the flags read it.
    expect(
      (await node({ name: 'pop-uk-tst-4', hostname: 'pop-uk-tst-4.edge.example.net', country: 'gb' })).status,
    ).toBe(201)
    expect((await platform.call('DELETE', `${core}/nodes/pop-uk-tst-4`, { headers: { 'if-match': '*' } })).status).toBe(
      204,
    )
  })

  it('refuses a rollout it does not know', async () => {
    const res = await platform.call('POST', `${core}/pools`, { body: { name: 'odd', rollout: 'sometimes' } })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].field).toBe('rollout')
  })
})

describe('bulk maintenance', () => {
  it('changes each node, says why one fails, and audits every change', async () => {
    await setNode('pop-us-nyc-1', { status: 'disabled' })
    const res = await platform.call('POST', `${core}/nodes/maintenance`, {
      body: { nodes: ['pop-au-syd-1', 'pop-sg-sin-1', 'pop-us-nyc-1', 'pop-xx-nop-1'], maintenance: true },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      { name: 'pop-au-syd-1', result: 'succeeded', status: 'maintenance', changed: true, message: null },
      { name: 'pop-sg-sin-1', result: 'succeeded', status: 'maintenance', changed: true, message: null },
      {
        name: 'pop-us-nyc-1',
        result: 'failed',
        status: 'disabled',
        changed: false,
        message: 'it is disabled: enable it before putting it in maintenance',
      },
      {
        name: 'pop-xx-nop-1',
        result: 'failed',
        status: null,
        changed: false,
        message: 'node pop-xx-nop-1 does not exist',
      },
    ])
    const { project } = await bothViews('pop-au-syd-1')
    expect(project.maintenance).toBe(true)
    const audit = await platform.call('GET', '/api/auth/v0/audit?action=nodes.update&resource_type=nodes&items=50')
    const audited = audit.body.data.map((entry: Json) => entry.resource.name)
    expect(audited).toEqual(expect.arrayContaining(['pop-au-syd-1', 'pop-sg-sin-1']))
    expect(audit.body.data[0].actor.email).toBe(ADMIN)

    const off = await platform.call('POST', `${core}/nodes/maintenance`, {
      body: { nodes: ['pop-au-syd-1', 'pop-sg-sin-1', 'pop-us-nyc-1'], maintenance: false },
    })
    expect(off.body.data.map((r: Json) => [r.name, r.result, r.status])).toEqual([
      ['pop-au-syd-1', 'succeeded', 'active'],
      ['pop-sg-sin-1', 'succeeded', 'active'],
      ['pop-us-nyc-1', 'failed', 'disabled'],
    ])
    await setNode('pop-us-nyc-1', { status: 'active' })
  })

  it('refuses a malformed request with 400', async () => {
    for (const body of [
      { nodes: [], maintenance: true },
      { nodes: ['pop-au-syd-1'] },
      { nodes: 'x', maintenance: 1 },
    ]) {
      const res = await platform.call('POST', `${core}/nodes/maintenance`, { body })
      expect(res.status).toBe(400)
    }
  })

  it('needs wadp.nodes.update, as node edits do', async () => {
    const token = await platform.tokenFor(ADMIN, ['wadp.nodes.list', 'wadp.nodes.get'])
    const bulk = await platform.call('POST', `${core}/nodes/maintenance`, {
      token,
      body: { nodes: ['pop-au-syd-1'], maintenance: true },
    })
    expect(bulk.status).toBe(403)
    expect(bulk.body.message).toBe('missing permission wadp.nodes.update')
    const edit = await platform.call('PATCH', `${core}/nodes/pop-au-syd-1`, {
      token,
      body: { status: 'maintenance' },
      headers: { 'if-match': '*' },
    })
    expect(edit.status).toBe(403)
    const read = await platform.call('GET', `${core}/nodes/pop-au-syd-1`, { token })
    expect(read.body.data.status).toBe('active')
  })
})
