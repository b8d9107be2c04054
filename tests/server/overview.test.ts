import { describe, expect, it } from 'vitest'
import { type Json, setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform()
const overview = (project: string, token?: string) =>
  platform.call('GET', `/api/core/v0/projects/${project}/overview`, token ? { token } : {})

describe('project overview', () => {
  it('counts each configuration type and names its last change', async () => {
    const res = await overview('shop')
    expect(res.status).toBe(200)
    const types = new Map(res.body.data.types.map((t: Json) => [t.type, t]))
    const websites = await platform.call('GET', '/api/core/v0/projects/shop/websites?items=1')
    expect(types.get('websites')).toMatchObject({ count: websites.body.meta.total })
    expect(types.get('le-cert')).toMatchObject({ count: 1 })
    expect((types.get('directors') as Json).last_changed_at).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('lists the latest change first', async () => {
    await platform.call('POST', '/api/core/v0/projects/shop/directors', {
      body: { name: 'fresh-origin', backends: [{ host: 'fresh.example.com', port: 443 }] },
    })
    const res = await overview('shop')
    expect(res.body.data.recent[0]).toMatchObject({ type: 'directors', name: 'fresh-origin' })
    const times = res.body.data.recent.map((r: Json) => r.updated_at)
    expect(times).toEqual([...times].sort().reverse())
  })

  it('holds only the types the caller may list', async () => {
    const token = await platform.tokenFor(VIEWER, ['wadp.projects.get', 'wadp.directors.list'])
    const res = await overview('shop', token)
    expect(res.body.data.types.map((t: Json) => t.type)).toEqual(['directors'])
    expect(res.body.data.recent.every((r: Json) => r.type === 'directors')).toBe(true)
    const none = await platform.tokenFor(VIEWER, ['wadp.directors.list'])
    expect((await overview('shop', none)).status).toBe(403)
  })
})
