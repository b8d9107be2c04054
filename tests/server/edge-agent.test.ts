/**
 * The platform's side of an edge agent (EDGE.md, issue 23): an agent node made in the API gets a secret
 * once; only that secret reads its configuration (with an ETag) and sends its reports; the sync views and
 * the node say what the reports say: updated, the compiler's message on a failed load, unavailable after
 * 10 s of silence; each backend as the node's Varnish probes it. Both databases.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Json, queryRows, setUpPlatform } from './support.ts'

const platform = setUpPlatform()
const core = '/api/core/v0'
const NODE = 'pop-zz-agent-1'

type Detail = { endpoint: string; status_source: string; updated: boolean; available: boolean; message?: string | null }

async function createAgent(name: string): Promise<string> {
  const created = await platform.call('POST', `${core}/nodes`, {
    body: { name, hostname: `${name}.edge.example.net`, pop_code: 'tst', country: 'zz', kind: 'agent' },
  })
  expect(created.status).toBe(201)
  expect(created.body.data.kind).toBe('agent')
  return created.body.data.secret as string
}

const configuration = (name: string, token: string | null, headers: Record<string, string> = {}) =>
  platform.call('GET', `${core}/edge/nodes/${name}/configuration`, { token, headers })

const report = (name: string, token: string, body: unknown) =>
  platform.call('POST', `${core}/edge/nodes/${name}/report`, { token, body })

/** A report saying the node runs what `config` holds, with the given errors per project. */
function runs(config: Json, errors: Record<string, string> = {}) {
  return {
    varnish_version: 'varnish-7.1.1',
    started_at: new Date().toISOString(),
    platform_revision: config.platform_revision,
    projects: config.projects.map((project: Json) => ({
      project: project.project,
      revision: project.revision,
      error: errors[project.project] ?? null,
    })),
    error: null,
  }
}

async function rowOf(path: string, name: string): Promise<Detail> {
  const res = await platform.call('GET', path)
  expect(res.status).toBe(200)
  return res.body.data.details.find((detail: Detail) => detail.endpoint === name)
}

describe('an edge agent node', () => {
  let secret = ''

  it('gets a secret once, when it is created; a simulated node gets none', async () => {
    secret = await createAgent(NODE)
    expect(secret).toMatch(/^\S{20,}$/)
    const read = await platform.call('GET', `${core}/nodes/${NODE}`)
    expect(read.body.data.secret).toBeUndefined()
    expect(read.body.data).toMatchObject({ kind: 'agent', sync_state: 'unreachable', last_seen_at: null })
    const simulated = await platform.call('POST', `${core}/nodes`, {
      body: { name: 'pop-zz-sim-1', hostname: 'sim.edge.example.net', pop_code: 'tst', country: 'zz' },
    })
    expect(simulated.status).toBe(201)
    expect(simulated.body.data).toMatchObject({ kind: 'simulated' })
    expect(simulated.body.data.secret).toBeUndefined()
  })

  it('has no Reachable switch: it is unreachable when its agent stops reporting', async () => {
    const res = await platform.call('PATCH', `${core}/nodes/${NODE}`, {
      body: { reachable: false },
      headers: { 'if-match': '*' },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'reachable', message: expect.stringContaining('agent stops reporting') }])
    expect((await platform.call('GET', `${core}/nodes/${NODE}`)).body.data.reachable).toBe(true)
  })

  it('keeps its kind', async () => {
    const res = await platform.call('PATCH', `${core}/nodes/${NODE}`, {
      body: { kind: 'simulated' },
      headers: { 'if-match': '*' },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'kind', message: expect.stringContaining('cannot change') }])
  })

  it('reads its configuration only with its own secret, and the secret is nothing else', async () => {
    expect((await configuration(NODE, null)).status).toBe(401)
    // An admin's API token is not a node's secret.
    expect((await configuration(NODE, undefined as unknown as null)).status).toBe(401)
    const other = await createAgent('pop-zz-agent-2')
    expect((await configuration(NODE, other)).status).toBe(401)
    expect((await configuration('pop-zz-sim-1', secret)).status).toBe(401)
    // The node's secret opens no API call.
    expect((await platform.call('GET', `${core}/nodes`, { token: secret })).status).toBe(401)
    const res = await configuration(NODE, secret)
    expect(res.status).toBe(200)
    const shop = res.body.data.projects.find((project: Json) => project.project === 'shop')
    expect(shop).toMatchObject({ label: 'project_shop', hosts: expect.arrayContaining(['shop.example.com']) })
    expect(shop.vcl).toMatch(/^vcl 4\.1;/)
    expect(shop.vcl).toContain('shop.example.com')
  })

  it('answers 304 while nothing changed, and the new configuration after a change', async () => {
    const first = await configuration(NODE, secret)
    const etag = first.headers.get('etag') as string
    expect(etag).toBeTruthy()
    expect((await configuration(NODE, secret, { 'if-none-match': etag })).status).toBe(304)
    const synthetic = await platform.call('POST', `${core}/projects/shop/synthetics`, {
      body: { name: 'agent-hello', status: 200, content_type: 'text/plain', body: 'hello from the edge' },
    })
    expect(synthetic.status).toBe(201)
    const after = await configuration(NODE, secret, { 'if-none-match': etag })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    const before = first.body.data.projects.find((project: Json) => project.project === 'shop')
    const shop = after.body.data.projects.find((project: Json) => project.project === 'shop')
    expect(shop.revision).toBe(before.revision + 1)
    expect(shop.vcl).toContain('wadp-synthetic:agent-hello')
  })

  it('sends a new configuration once an entry in it expires, with no write in between', async () => {
    const expires = Date.now() + 1500
    const list = await platform.call('POST', `${core}/projects/shop/iplists`, {
      body: {
        name: 'agent-expiring',
        entries: [
          { cidr: '198.51.100.77/32', expires_at: new Date(expires).toISOString() },
          { cidr: '198.51.100.78/32' },
        ],
      },
    })
    expect(list.status).toBe(201)
    const shopVcl = (answer: Json) => answer.body.data.projects.find((project: Json) => project.project === 'shop').vcl
    const first = await configuration(NODE, secret)
    expect(shopVcl(first)).toContain('"198.51.100.77";')
    const etag = first.headers.get('etag') as string
    expect((await configuration(NODE, secret, { 'if-none-match': etag })).status).toBe(304)
    await new Promise((resolve) => setTimeout(resolve, expires + 100 - Date.now()))
    const after = await configuration(NODE, secret, { 'if-none-match': etag })
    expect(after.status).toBe(200)
    expect(shopVcl(after)).not.toContain('"198.51.100.77";')
    expect(shopVcl(after)).toContain('"198.51.100.78";')
    // With no entry left to expire, the tag holds until the next write.
    const tag = after.headers.get('etag') as string
    expect((await configuration(NODE, secret, { 'if-none-match': tag })).status).toBe(304)
    await platform.call('DELETE', `${core}/projects/shop/iplists/agent-expiring`, { headers: { 'if-match': '*' } })
  })

  it('holds a request with wait until something changes, and answers the change', async () => {
    const etag = (await configuration(NODE, secret)).headers.get('etag') as string
    expect(
      (
        await platform.call('GET', `${core}/edge/nodes/${NODE}/configuration?wait=0`, {
          token: secret,
          headers: { 'if-none-match': etag },
        })
      ).status,
    ).toBe(304)
    const held = platform.call('GET', `${core}/edge/nodes/${NODE}/configuration?wait=10`, {
      token: secret,
      headers: { 'if-none-match': etag },
    })
    const change = await platform.call('POST', `${core}/projects/media/synthetics`, {
      body: { name: 'agent-held', status: 204 },
    })
    expect(change.status).toBe(201)
    const answer = await held
    expect(answer.status).toBe(200)
    const media = answer.body.data.projects.find((project: Json) => project.project === 'media')
    expect(media.vcl).toContain('wadp-synthetic:agent-held')
    const refused = await platform.call('GET', `${core}/edge/nodes/${NODE}/configuration?wait=11`, { token: secret })
    expect(refused.status).toBe(400)
  })

  it('answers a request held while its secret was rotated only with a refusal', async () => {
    const etag = (await configuration(NODE, secret)).headers.get('etag') as string
    const held = platform.call('GET', `${core}/edge/nodes/${NODE}/configuration?wait=10`, {
      token: secret,
      headers: { 'if-none-match': etag },
    })
    const rotated = await platform.call('POST', `${core}/nodes/${NODE}/secret`)
    expect(rotated.status).toBe(200)
    const change = await platform.call('POST', `${core}/projects/media/synthetics`, {
      body: { name: 'agent-held-rotated', status: 204 },
    })
    expect(change.status).toBe(201)
    const answer = await held
    expect(answer.status).toBe(401)
    expect(JSON.stringify(answer.body)).not.toContain('agent-held-rotated')
    secret = rotated.body.data.secret as string
    expect((await configuration(NODE, secret)).status).toBe(200)
  })

  it('is updated in the sync views once it reports the revision, and says which kind it is', async () => {
    const config = (await configuration(NODE, secret)).body.data
    // Before it reports: unavailable, and the line says why.
    expect(await rowOf(`${core}/projects/shop/sync?details=true`, NODE)).toMatchObject({
      status_source: 'agent',
      available: false,
      updated: false,
      message: 'no report from its agent yet',
    })
    expect((await report(NODE, secret, runs(config))).status).toBe(204)
    for (const path of [`${core}/projects/shop/sync?details=true`, `${core}/admin-sync-state`]) {
      expect(await rowOf(path, NODE)).toMatchObject({
        status_source: 'agent',
        available: true,
        updated: true,
        message: null,
      })
    }
    const simulated = await rowOf(`${core}/projects/shop/sync?details=true`, 'pop-fr-par-1')
    expect(simulated.status_source).toBe('simulated')
    const node = (await platform.call('GET', `${core}/nodes/${NODE}`)).body.data
    expect(node).toMatchObject({
      sync_state: 'in_sync',
      applied_revision: config.platform_revision,
      varnish_version: 'varnish-7.1.1',
      sync_message: null,
    })
    expect(Date.now() - Date.parse(node.last_seen_at)).toBeLessThan(60_000)
  })

  it('says so when two agents report as it (its secret used twice), not when one replaces another', async () => {
    // A node of its own: the turns taken show for 10 s.
    const twice = 'pop-zz-agent-7'
    const shared = await createAgent(twice)
    const config = (await configuration(twice, shared)).body.data
    const as = (instance: string) => report(twice, shared, { ...runs(config), instance })
    // A replaced agent does not come back: no conflict.
    expect((await as('agent-first-run')).status).toBe(204)
    expect((await as('agent-second-run')).status).toBe(204)
    expect(await rowOf(`${core}/projects/shop/sync?details=true`, twice)).toMatchObject({
      updated: true,
      message: null,
    })
    // Two that take turns: neither is taken as updated, and both views say why.
    expect((await as('agent-first-run')).status).toBe(204)
    for (const path of [`${core}/projects/shop/sync?details=true`, `${core}/admin-sync-state`]) {
      expect(await rowOf(path, twice)).toMatchObject({
        available: true,
        updated: false,
        message: expect.stringMatching(/^two edge agents report as this node/),
      })
    }
    const node = (await platform.call('GET', `${core}/nodes/${twice}`)).body.data
    expect(node).toMatchObject({ sync_state: 'failed', sync_message: expect.stringMatching(/^two edge agents/) })
    expect((await report(twice, shared, { ...runs(config), instance: 'x' })).status).toBe(400)
    expect((await platform.call('DELETE', `${core}/nodes/${twice}`, { headers: { 'if-match': '*' } })).status).toBe(204)
  })

  it('is not synchronized after a failed load, shows the compiler’s message, and is not waited for', async () => {
    const config = (await configuration(NODE, secret)).body.data
    const message = "Message from VCC-compiler:\nUnknown token ';' when looking for STRING"
    expect((await report(NODE, secret, runs(config, { shop: message }))).status).toBe(204)
    const sync = await platform.call('GET', `${core}/projects/shop/sync?details=true`)
    const row = sync.body.data.details.find((detail: Detail) => detail.endpoint === NODE)
    expect(row).toMatchObject({ updated: false, available: true, message })
    expect(sync.body.data.updated).toBe(false)
    // Another project it runs is unaffected.
    expect(await rowOf(`${core}/projects/media/sync?details=true`, NODE)).toMatchObject({ updated: true })
    const node = (await platform.call('GET', `${core}/nodes/${NODE}`)).body.data
    expect(node).toMatchObject({ sync_state: 'failed', sync_message: `project shop: ${message}` })
  })

  it('says of each project what it runs: a failed project is not shown as applied by the platform revision', async () => {
    const config = (await configuration(NODE, secret)).body.data
    const shop = config.projects.find((project: Json) => project.project === 'shop')
    const message = "Message from VCC-compiler:\nUnknown token ';' when looking for STRING"
    const failed = runs(config, { shop: message })
    // The node keeps running no VCL of shop's: its load of the latest failed.
    for (const line of failed.projects)
      if (line.error) Object.assign(line, { revision: null, failed_revision: shop.revision })
    expect((await report(NODE, secret, failed)).status).toBe(204)
    const node = (await platform.call('GET', `${core}/nodes/${NODE}`)).body.data
    // The platform revision is all applied; the project is not.
    expect(node).toMatchObject({ sync_state: 'failed', applied_revision: config.platform_revision })
    expect(node.projects.find((line: Json) => line.project === 'shop')).toEqual({
      project: 'shop',
      applied_revision: null,
      target_revision: shop.revision,
      sync_state: 'failed',
      sync_message: message,
    })
    const media = config.projects.find((project: Json) => project.project === 'media')
    expect(node.projects.find((line: Json) => line.project === 'media')).toEqual({
      project: 'media',
      applied_revision: media.revision,
      target_revision: media.revision,
      sync_state: 'in_sync',
      sync_message: null,
    })
    // The list says the same of each node.
    const list = await platform.call('GET', `${core}/nodes?items=100`)
    const listed = list.body.data.find((row: Json) => row.name === NODE)
    expect(listed.projects).toEqual(node.projects)
    // A simulated node has none.
    expect((await platform.call('GET', `${core}/nodes/pop-fr-par-1`)).body.data.projects).toBeUndefined()
  })

  it('waits for a node whose failed load was of an earlier revision: a fix it has not tried yet is not failed', async () => {
    const config = (await configuration(NODE, secret)).body.data
    const shop = config.projects.find((project: Json) => project.project === 'shop')
    const message = "Message from VCC-compiler:\nUnknown token ';' when looking for STRING"
    const failed = runs(config, { shop: message })
    for (const line of failed.projects) if (line.error) Object.assign(line, { failed_revision: shop.revision })
    expect((await report(NODE, secret, failed)).status).toBe(204)
    // The operator saves the fix: the node has not fetched it yet, so its message is not this revision's.
    const fix = await platform.call('POST', `${core}/projects/shop/synthetics`, {
      body: { name: 'stale-error-fix', status: 200, body: 'fixed' },
    })
    expect(fix.status).toBe(201)
    expect(await rowOf(`${core}/projects/shop/sync?details=true`, NODE)).toMatchObject({
      updated: false,
      available: true,
      message: null,
    })
    // Its report of a failed load of that revision is the answer again.
    const latest = (await configuration(NODE, secret)).body.data
    const shopNow = latest.projects.find((project: Json) => project.project === 'shop')
    const again = runs(latest, { shop: message })
    for (const line of again.projects) if (line.error) Object.assign(line, { failed_revision: shopNow.revision })
    expect((await report(NODE, secret, again)).status).toBe(204)
    expect(await rowOf(`${core}/projects/shop/sync?details=true`, NODE)).toMatchObject({ updated: false, message })
    await platform.call('DELETE', `${core}/projects/shop/synthetics/stale-error-fix`, { headers: { 'if-match': '*' } })
  })

  it('is unavailable after 10 s without a report', async () => {
    const config = (await configuration(NODE, secret)).body.data
    await report(NODE, secret, runs(config))
    await queryRows(platform, sql`update edge_reports set reported_at = now() - interval '11 seconds'`)
    const row = await rowOf(`${core}/projects/shop/sync?details=true`, NODE)
    expect(row).toMatchObject({ available: false, updated: false, message: 'no report for 11 s' })
    expect((await platform.call('GET', `${core}/nodes/${NODE}`)).body.data.sync_state).toBe('unreachable')
  })

  it('refuses a malformed report with the field named', async () => {
    const res = await report(NODE, secret, { varnish_version: null, projects: 'all' })
    expect(res.status).toBe(400)
    expect(res.body.errors.map((error: { field: string }) => error.field)).toContain('projects')
  })

  it("shows a backend as the node's Varnish probes it, and the simulation only where no node reports", async () => {
    const made = await platform.call('POST', `${core}/projects/shop/directors`, {
      body: {
        name: 'agent-probed',
        backends: [
          { host: 'origin-a.shop.example.com', port: 443 },
          { host: 'origin-b.shop.example.com', port: 443 },
        ],
      },
    })
    expect(made.status).toBe(201)
    const config = (await configuration(NODE, secret)).body.data
    const sick = {
      project: 'shop',
      backend: 'b_agent_probed_0',
      healthy: false,
      window: [true, false, false],
      threshold: 2,
      last_change_at: '2026-11-26T10:00:00.000Z',
      average_response_ms: null,
    }
    expect((await report(NODE, secret, { ...runs(config), backends: [sick] })).status).toBe(204)
    const rows = async () =>
      (await platform.call('GET', `${core}/backend-health?project=shop&director=agent-probed`)).body.data
    const [first, second] = await rows()
    expect(first).toMatchObject({
      backend: 'origin-a.shop.example.com:443',
      source: 'agent',
      healthy: false,
      window: [true, false, false],
      last_change_at: '2026-11-26T10:00:00.000Z',
      nodes: [{ node: NODE, source: 'agent', healthy: false, window: [true, false, false], average_response_ms: null }],
    })
    expect(second).toMatchObject({ backend: 'origin-b.shop.example.com:443', source: 'simulated', nodes: [] })
    // A node not heard from for 10 s says nothing any more of the backends either.
    await queryRows(platform, sql`update edge_reports set reported_at = now() - interval '11 seconds'`)
    expect((await rows())[0]).toMatchObject({ source: 'simulated', nodes: [] })
    const malformed = await report(NODE, secret, { ...runs(config), backends: [{ ...sick, window: 'bad' }] })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors.map((error: { field: string }) => error.field)).toContain('backends.0.window')
  })

  it('gets a new secret from an operator with the permission; the old one stops working', async () => {
    const rotated = await platform.call('POST', `${core}/nodes/${NODE}/secret`)
    expect(rotated.status).toBe(200)
    const fresh = rotated.body.data.secret as string
    expect(fresh).not.toBe(secret)
    expect((await configuration(NODE, secret)).status).toBe(401)
    expect((await configuration(NODE, fresh)).status).toBe(200)
    secret = fresh
    expect((await platform.call('POST', `${core}/nodes/pop-zz-sim-1/secret`)).status).toBe(409)
    expect((await platform.call('POST', `${core}/nodes/does-not-exist/secret`)).status).toBe(404)
    const audit = await platform.call('GET', `/api/auth/v0/audit`)
    const actions = (audit.body?.data ?? []).map((entry: { action: string }) => entry.action)
    expect(actions).toContain('nodes.rotate-secret')
  })

  it('says what of a project Varnish nodes do not enforce', async () => {
    const director = await platform.call('POST', `${core}/projects/shop/directors`, {
      body: { name: 'tls-origin', backends: [{ host: '127.0.0.1', port: 443 }], tls: { enabled: true } },
    })
    expect(director.status).toBe(201)
    const notes = await platform.call('GET', `${core}/projects/shop/not-enforced`)
    expect(notes.status).toBe(200)
    expect(notes.body.data).toContainEqual({
      type: 'directors',
      name: 'tls-origin',
      what: 'TLS towards the backends (Varnish Cache connects to origins in plain HTTP)',
    })
    expect((await platform.call('GET', `${core}/projects/atlantis/not-enforced`)).status).toBe(404)
  })

  it('is sent invalidations and shown by its reports while disabled: its agent still runs the configuration', async () => {
    const setStatus = async (status: string) => {
      const res = await platform.call('PATCH', `${core}/nodes/${NODE}`, {
        body: { status },
        headers: { 'if-match': '*' },
      })
      expect(res.status).toBe(200)
    }
    await setStatus('disabled')
    try {
      const config = (await configuration(NODE, secret)).body.data
      expect((await report(NODE, secret, runs(config))).status).toBe(204)
      // The sync view and the node say the same: what its report says it runs.
      expect(await rowOf(`${core}/projects/shop/sync?details=true`, NODE)).toMatchObject({
        available: true,
        updated: true,
      })
      expect(await rowOf(`${core}/admin-sync-state`, NODE)).toMatchObject({ available: true, updated: true })
      expect((await platform.call('GET', `${core}/nodes/${NODE}`)).body.data).toMatchObject({
        status: 'disabled',
        sync_state: 'in_sync',
      })
      const purge = await platform.call('POST', '/api/purge/v0/projects/shop/purge', {
        body: { type: 'url', targets: ['https://shop.example.com/while-disabled'] },
      })
      expect(purge.status).toBe(202)
      expect(purge.body.data.per_node).toContainEqual(
        expect.objectContaining({ node: NODE, source: 'agent', status: 'queued' }),
      )
      const sent = (await configuration(NODE, secret)).body.data.invalidations.map((item: Json) => item.name)
      expect(sent).toContain(purge.body.data.name)
    } finally {
      await setStatus('active')
    }
  })

  it('forgets its reports when it is deleted, and fails there what it had still to invalidate, saying why', async () => {
    const purge = await platform.call('POST', '/api/purge/v0/projects/shop/purge', {
      body: { type: 'host', targets: ['api.shop.example.com'] },
    })
    expect(purge.status).toBe(202)
    const path = `/api/purge/v0/projects/shop/purge/${purge.body.data.name}`
    const nodeOf = async () =>
      (await platform.call('GET', path)).body.data.per_node.find((node: { node: string }) => node.node === NODE)
    expect(await nodeOf()).toMatchObject({ status: 'queued', source: 'agent' })
    const deleted = await platform.call('DELETE', `${core}/nodes/${NODE}`, { headers: { 'if-match': '*' } })
    expect(deleted.status).toBe(204)
    const rows = await queryRows<{ node: string }>(platform, sql`select node from edge_reports where node = ${NODE}`)
    expect(rows).toEqual([])
    expect((await configuration(NODE, secret)).status).toBe(401)
    expect(await nodeOf()).toMatchObject({
      status: 'failed',
      source: 'agent',
      message: 'the node was deleted before it carried it out',
    })
  })
})
