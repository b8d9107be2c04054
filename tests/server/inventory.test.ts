import { beforeAll, describe, expect, it } from 'vitest'
import { type Json, setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform()
const base = '/api/core/v0/projects/shop'
const get = (path: string, token?: string) => platform.call('GET', `${base}${path}`, token ? { token } : {})

async function create(type: string, body: Record<string, unknown>) {
  const res = await platform.call('POST', `${base}/${type}`, { body })
  if (res.status !== 201) throw new Error(`creating ${type} ${body.name}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

let director: Json
beforeAll(async () => {
  await create('wafconfigs', { name: 'inv-waf' })
  director = await create('directors', {
    name: 'inv-origin',
    display_name: 'Inventory origin',
    backends: [{ host: 'inv.origin.example.com', port: 443 }],
    waf_config: 'inv-waf',
  })
  await create('websites', { name: 'inv-site', domain_name: 'inv.example.net', default_director: 'inv-origin' })
  await create('websites', { name: 'inv-other', domain_name: 'inv-other.example.net', default_director: 'inv-origin' })
})

describe('project inventory', () => {
  it('counts every type of the project and names the newest change of each', async () => {
    const res = await get('/inventory')
    expect(res.status).toBe(200)
    const types = new Map<string, Json>(res.body.data.types.map((t: Json) => [t.type, t]))
    const websites = await get('/websites?items=1')
    expect(types.get('websites')?.count).toBe(websites.body.meta.total)
    const directors = await get('/directors?items=1')
    expect(types.get('directors')?.count).toBe(directors.body.meta.total)
    // The director made last is the newest change among directors.
    expect(types.get('directors')).toMatchObject({
      last_changed_at: director.updated_at,
      last_changed_by: director.updated_by,
    })
    // Access tokens are one of the project's types too, not only configuration.
    expect([...types.keys()]).toContain('access-tokens')
    expect([...types.keys()]).not.toContain('nodes')
  })

  it('filters names and display names across types, any case, paged', async () => {
    const res = await get('/inventory/names?q=INV-')
    expect(res.status).toBe(200)
    const found = res.body.data.map((item: Json) => `${item.type}/${item.name}`)
    expect(found).toEqual(['directors/inv-origin', 'wafconfigs/inv-waf', 'websites/inv-other', 'websites/inv-site'])
    expect(res.body.meta.total).toBe(4)
    const byDisplayName = await get('/inventory/names?q=inventory%20ORIGIN')
    expect(byDisplayName.body.data).toEqual([
      { type: 'directors', name: 'inv-origin', display_name: 'Inventory origin' },
    ])
    const second = await get('/inventory/names?q=inv-&items=3&page=2')
    expect(second.body.data.map((item: Json) => item.name)).toEqual(['inv-site'])
    expect(second.body.meta).toEqual({ total: 4, page: 2, items: 3 })
    // A literal % matches itself only.
    expect((await get('/inventory/names?q=%25')).body.data).toEqual([])
    expect((await get('/inventory/names?q=%20')).status).toBe(400)
  })

  it('gives a director’s references both ways', async () => {
    const res = await get('/references/directors/inv-origin')
    expect(res.status).toBe(200)
    expect(res.body.data.references).toEqual([{ type: 'wafconfigs', name: 'inv-waf', field: 'waf_config' }])
    expect(res.body.data.referenced_by).toEqual([
      { type: 'websites', name: 'inv-other', field: 'default_director' },
      { type: 'websites', name: 'inv-site', field: 'default_director' },
    ])
    const site = await get('/references/websites/inv-site')
    expect(site.body.data.references).toEqual([{ type: 'directors', name: 'inv-origin', field: 'default_director' }])
    expect(site.body.data.referenced_by).toEqual([])
    expect((await get('/references/directors/no-such-director')).status).toBe(404)
    expect((await get('/references/no-such-type/inv-origin')).status).toBe(404)
    expect((await get('/references/Directors/inv-origin')).status).toBe(404)
    expect((await get(`/references/${'x'.repeat(65)}/inv-origin`)).status).toBe(400)
  })

  it('shows only the types the caller may list or get', async () => {
    const token = await platform.tokenFor(VIEWER, ['wadp.projects.get', 'wadp.directors.list', 'wadp.directors.get'])
    const inventory = await get('/inventory', token)
    expect(inventory.body.data.types.map((t: Json) => t.type)).toEqual(['directors'])
    const names = await get('/inventory/names?q=inv-', token)
    expect(names.body.data.map((item: Json) => item.name)).toEqual(['inv-origin'])
    // The websites naming the director and the WAF policy it names are of types this caller cannot read.
    const references = await get('/references/directors/inv-origin', token)
    expect(references.body.data).toEqual({ references: [], referenced_by: [] })
    expect((await get('/references/websites/inv-site', token)).status).toBe(404)
    const none = await platform.tokenFor(VIEWER, ['wadp.directors.list'])
    expect((await get('/inventory', none)).status).toBe(403)
  })
})
