import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_PURGE_TARGETS } from '../../src/domain/purge.ts'
import { OPERATOR, queryRows, setUpPlatform, VIEWER } from './support.ts'

// Each node finishes 1-2 s after the request; the tests move the server's clock instead of waiting.
const platform = setUpPlatform({ syncDelay: '1000-2000' })
const base = '/api/purge/v0/projects/shop/purge'
const realNow = Date.now

function setClock(at: number) {
  platform.server.ctx.now = () => at
}
afterEach(() => {
  platform.server.ctx.now = realNow
})

async function purge(body: unknown, token?: string) {
  return platform.call('POST', base, { body, ...(token ? { token } : {}) })
}

describe('invalidation requests', () => {
  it('take URLs and prefixes on the project’s domains, hosts of it, tags, or all', async () => {
    for (const body of [
      { type: 'url', targets: ['https://shop.example.com/index.html', 'http://www.shop.example.com/a?b=c'] },
      { type: 'prefix', targets: ['https://static.shop.example.com/assets/'] },
      { type: 'host', targets: ['api.shop.example.com'] },
      { type: 'tag', targets: ['product-42', 'category:shoes'], soft: true },
      { type: 'all' },
    ]) {
      const res = await purge(body)
      expect(res.status, JSON.stringify(res.body)).toBe(202)
      expect(res.body.data).toMatchObject({ type: body.type, targets: body.targets ?? [], status: 'queued' })
      expect(res.headers.get('location')).toBe(`${base}/${res.body.data.name}`)
    }
  })

  it('refuse each target that does not fit, on its position, and say why', async () => {
    const res = await purge({
      type: 'url',
      targets: [
        'https://shop.example.com/ok',
        'https://evil.example.net/x',
        '/relative',
        'ftp://shop.example.com/f',
        'https://shop.example.com/ok',
      ],
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([
      { field: 'targets.1', message: 'evil.example.net is not a domain of this project' },
      { field: 'targets.2', message: 'must be an absolute http or https URL' },
      { field: 'targets.3', message: 'must be an absolute http or https URL' },
      { field: 'targets.4', message: 'is listed twice' },
    ])
    expect((await purge({ type: 'host', targets: ['other.example.org'] })).body.errors).toEqual([
      { field: 'targets.0', message: 'other.example.org is not a domain of this project' },
    ])
    // A URL of the project's, but longer than a request line a web server takes: refused before any node bans it.
    const long = `https://shop.example.com/${'a'.repeat(9000)}`
    expect((await purge({ type: 'prefix', targets: [long] })).body.errors).toEqual([
      { field: 'targets.0', message: 'at most 8192 characters' },
    ])
    expect((await purge({ type: 'tag', targets: ['two words'] })).body.errors).toEqual([
      { field: 'targets.0', message: 'must be 1-1024 visible characters without spaces' },
    ])
    expect((await purge({ type: 'all', targets: ['https://shop.example.com/'], soft: true })).body.errors).toEqual([
      { field: 'targets', message: 'all takes no targets' },
      { field: 'soft', message: 'a soft purge needs targets' },
    ])
    expect((await purge({ type: 'url', targets: [] })).body.errors).toEqual([
      { field: 'targets', message: 'name at least one target' },
    ])
    const many = Array.from({ length: MAX_PURGE_TARGETS + 1 }, (_, i) => `tag-${i}`)
    expect((await purge({ type: 'tag', targets: many })).body.errors).toEqual([
      { field: 'targets', message: 'at most 100 targets' },
    ])
    expect((await purge({ type: 'everything' })).body.errors).toEqual([
      { field: 'type', message: 'must be url, prefix, host, tag or all' },
    ])
    expect((await purge(null)).status).toBe(400)
  })

  it('complete on every node on their own, and are partial while a node is in maintenance', async () => {
    const t0 = Date.now()
    setClock(t0)
    const created = await purge({ type: 'host', targets: ['shop.example.com'] })
    const path = `${base}/${created.body.data.name}`
    expect(created.body.data.per_node.length).toBeGreaterThan(5)
    expect(created.body.data.per_node.every((n: { status: string }) => n.status === 'queued')).toBe(true)
    setClock(t0 + 500)
    expect((await platform.call('GET', path)).body.data.status).toBe('in_progress')
    setClock(t0 + 2500)
    const done = (await platform.call('GET', path)).body.data
    expect(done.status).toBe('completed')
    for (const node of done.per_node) {
      expect(node.status).toBe('completed')
      expect(Date.parse(node.at) - t0).toBeGreaterThanOrEqual(1000)
    }

    // A node in maintenance cannot apply the next one.
    const nodes = await platform.call('GET', '/api/core/v0/nodes?items=100')
    const node = nodes.body.data[0]
    const etag = (await platform.call('GET', `/api/core/v0/nodes/${node.name}`)).headers.get('etag') ?? ''
    await platform.call('PATCH', `/api/core/v0/nodes/${node.name}`, {
      body: { status: 'maintenance' },
      headers: { 'if-match': etag },
    })
    setClock(t0 + 10_000)
    const second = await purge({ type: 'all' })
    setClock(t0 + 20_000)
    const partial = (await platform.call('GET', `${base}/${second.body.data.name}`)).body.data
    expect(partial.status).toBe('partial')
    expect(partial.per_node.find((n: { node: string }) => n.node === node.name)?.status).toBe('failed')
    expect(partial.per_node.filter((n: { status: string }) => n.status === 'completed').length).toBe(
      partial.per_node.length - 1,
    )
  })

  it('are listed newest first, found one by one, and recorded in the audit log', async () => {
    const first = await purge({ type: 'tag', targets: ['listed-first'] })
    const second = await purge({ type: 'tag', targets: ['listed-second'] })
    const list = await platform.call('GET', `${base}?items=2`)
    expect(list.status).toBe(200)
    expect(list.body.data.map((p: { name: string }) => p.name)).toEqual([second.body.data.name, first.body.data.name])
    expect(list.body.meta).toMatchObject({ page: 1, items: 2 })
    expect((await platform.call('GET', `${base}/${first.body.data.name}`)).body.data.targets).toEqual(['listed-first'])
    expect((await platform.call('GET', `${base}/p-nothing`)).status).toBe(404)
    // Found by name; always newest first, so openapi.json offers no sort (it offered one of no fields).
    const named = await platform.call('GET', `${base}?q=${first.body.data.name}`)
    expect(named.body.data.map((p: { name: string }) => p.name)).toEqual([first.body.data.name])
    const openapi = await platform.call('GET', '/api/purge/v0/openapi.json', { token: null })
    const parameters = openapi.body.paths['/projects/{project}/purge'].get.parameters.map(
      (p: { name: string }) => p.name,
    )
    expect(parameters.sort()).toEqual(['items', 'page', 'project', 'q'])
    const audit = await queryRows<{ action: string; project: string }>(
      platform,
      sql`select action, project from audit_log where resource_type = 'purge' and resource_name = ${second.body.data.name}`,
    )
    expect(audit).toEqual([{ action: 'purge.create', project: 'shop' }])
  })

  it('need wadp.purge.create: operators purge, viewers cannot even list', async () => {
    const operator = await platform.tokenFor(OPERATOR, ['wadp.*.*'])
    const viewer = await platform.tokenFor(VIEWER, ['wadp.*.*'])
    expect((await purge({ type: 'all' }, operator)).status).toBe(202)
    expect((await purge({ type: 'all' }, viewer)).status).toBe(403)
    expect((await platform.call('GET', base, { token: viewer })).status).toBe(403)
  })
})
