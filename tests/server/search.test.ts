import { describe, expect, it } from 'vitest'
import { SEARCH_LIMIT } from '../../server/services/search.ts'
import { OPERATOR, setUpPlatform } from './support.ts'

const platform = setUpPlatform()

type Hit = {
  resource: { name: string; data: { name: string; display_name: string | null } }
  project: { name: string }
  search_matching_columns: Record<string, string>
  search_match: { column: string; start: number; length: number } | null
}

const director = (name: string, host = 'origin.example.net', display_name?: string) => ({
  name,
  ...(display_name ? { display_name } : {}),
  backends: [{ host, port: 443 }],
})

async function create(project: string, body: unknown) {
  const res = await platform.call('POST', `/api/core/v0/projects/${project}/directors`, { body })
  expect(res.status).toBe(201)
}

async function search(query: string, token?: string): Promise<Hit[]> {
  const res = await platform.call('GET', `/api/core/v0/search?query=${encodeURIComponent(query)}`, { token })
  expect(res.status).toBe(200)
  return res.body.data as Hit[]
}

const names = (hits: Hit[]) => hits.map((hit) => hit.resource.data.name)

describe('global search ranking', () => {
  it('puts the exact name first, then names starting with the query, then other matches', async () => {
    await create('shop', director('zz-quokka-origin'))
    await create('shop', director('quokka-two'))
    await create('shop', director('quokka'))
    await create('shop', director('backend-a', 'pool.quokka.example.net'))
    await create('shop', director('another', 'origin.example.net', 'Quokka pool'))
    const hits = await search('Quokka')
    // Exact name first; then the prefixes (name or display name), by type and name; then substrings.
    expect(names(hits)).toEqual(['quokka', 'another', 'quokka-two', 'backend-a', 'zz-quokka-origin'])
  })

  it('says where the query matched, in the first matching column, for the console to highlight', async () => {
    const hits = await search('quokka')
    const byName = Object.fromEntries(hits.map((hit) => [hit.resource.data.name, hit.search_match]))
    expect(byName.quokka).toEqual({ column: 'name', start: 0, length: 6 })
    expect(byName['zz-quokka-origin']).toEqual({ column: 'name', start: 3, length: 6 })
    expect(byName.another).toEqual({ column: 'display_name', start: 0, length: 6 })
    const host = hits.find((hit) => hit.resource.data.name === 'backend-a')
    expect(host?.search_match).toEqual({ column: 'backends.host', start: 5, length: 6 })
    expect(host?.search_matching_columns).toEqual({ 'backends.host': 'pool.quokka.example.net' })
  })

  it('matches names that start with a query of one or two characters', async () => {
    await create('shop', director('qz-short'))
    await create('shop', director('other-qz', 'qz.example.net'))
    // Too short for the trigram index: name prefixes only.
    expect(names(await search('qz'))).toEqual(['qz-short'])
    expect(names(await search('qz-'))).toEqual(['qz-short'])
    expect(names(await search('qz.'))).toEqual(['other-qz'])
  })

  it(`answers at most ${SEARCH_LIMIT} results, the best ranked, however many match`, async () => {
    for (let i = 0; i < SEARCH_LIMIT + 5; i += 1) {
      await create('media', director(`wombat-${String(i).padStart(2, '0')}`, `x${i}.wombat.example.net`))
    }
    await create('media', director('burrow', 'origin.example.net', 'Wombat'))
    const hits = await search('wombat')
    expect(hits).toHaveLength(SEARCH_LIMIT)
    expect(hits[0]?.resource.data.name).toBe('burrow')
    expect(names(hits).slice(1, 4)).toEqual(['wombat-00', 'wombat-01', 'wombat-02'])
  })
})

describe('global search permissions', () => {
  it('leaves out types the caller may not get and projects a token does not reach', async () => {
    await create('shop', director('kestrel-shop'))
    await create('media', director('kestrel-media'))
    const onlyMedia = await platform.tokenFor(OPERATOR, ['wadp.directors.get'], { projects: ['media'] })
    expect(names(await search('kestrel', onlyMedia))).toEqual(['kestrel-media'])
    const websitesOnly = await platform.tokenFor(OPERATOR, ['wadp.websites.get'])
    expect(await search('kestrel', websitesOnly)).toEqual([])
    const everything = await search('kestrel')
    expect(everything.map((hit) => hit.project.name).sort()).toEqual(['media', 'shop'])
  })

  it('finds projects only for callers who may get them', async () => {
    const projectsToo = await platform.tokenFor(OPERATOR, ['wadp.projects.get'])
    const directorsOnly = await platform.tokenFor(OPERATOR, ['wadp.directors.get'])
    expect((await search('shop', projectsToo)).map((hit) => hit.resource.name)).toContain('project')
    expect((await search('shop', directorsOnly)).map((hit) => hit.resource.name)).not.toContain('project')
  })
})

describe('global search after a change', () => {
  it('finds what was just created and loses what was just deleted', async () => {
    expect(names(await search('heron'))).toEqual([])
    await create('shop', director('heron-nest'))
    expect(names(await search('heron'))).toEqual(['heron-nest'])
    const gone = await platform.call('DELETE', '/api/core/v0/projects/shop/directors/heron-nest', {
      headers: { 'if-match': '"1"' },
    })
    expect(gone.status).toBe(204)
    expect(names(await search('heron'))).toEqual([])
  })
})

describe('global search and what it reports', () => {
  it("reports only the searched columns: never a snippet's body", async () => {
    const res = await platform.call('POST', '/api/core/v0/projects/shop/codesnippets', {
      body: { name: 'ibis-guard', hook: 'vcl_recv', content: 'set req.http.x-ibis = "1";' },
    })
    expect(res.status).toBe(201)
    const [hit, ...rest] = await search('ibis')
    expect(rest).toEqual([])
    expect(hit?.search_matching_columns).toEqual({ name: 'ibis-guard' })
  })

  it('finds nothing of a deleted project, even once a project of that name is back', async () => {
    const project = { name: 'pelican', customer: 'acme-media' }
    expect((await platform.call('POST', '/api/auth/v0/projects', { body: project })).status).toBe(201)
    await create('pelican', director('pelican-origin'))
    expect(names(await search('pelican'))).toEqual(['pelican', 'pelican-origin'])
    const gone = await platform.call('DELETE', '/api/auth/v0/projects/pelican?cascade=true', {
      headers: { 'if-match': '*' },
    })
    expect(gone.status).toBe(204)
    expect(await search('pelican')).toEqual([])
    expect((await platform.call('POST', '/api/auth/v0/projects', { body: project })).status).toBe(201)
    expect(names(await search('pelican'))).toEqual(['pelican'])
  })

  it('finds nothing of a deleted project in one created again under its name before the next search', async () => {
    const project = { name: 'heron', customer: 'acme-media' }
    expect((await platform.call('POST', '/api/auth/v0/projects', { body: project })).status).toBe(201)
    await create('heron', director('heron-first-tenant', 'origin.first-tenant.example.net'))
    expect(names(await search('heron-first'))).toEqual(['heron-first-tenant'])
    const gone = await platform.call('DELETE', '/api/auth/v0/projects/heron?cascade=true', {
      headers: { 'if-match': '*' },
    })
    expect(gone.status).toBe(204)
    // Created again (for another tenant) with no search in between, and given a director of its own.
    expect((await platform.call('POST', '/api/auth/v0/projects', { body: project })).status).toBe(201)
    await create('heron', director('heron-second-tenant'))
    const member = await platform.tokenFor('admin@example.com', ['wadp.*.*'], { projects: ['heron'] })
    expect(names(await search('heron', member))).toEqual(['heron', 'heron-second-tenant'])
    expect(await search('first-tenant')).toEqual([])
  })
})

describe('global search and backups', () => {
  it('finds a backup by its display name, for those who may get backups, as the console links it to /backups', async () => {
    const res = await platform.call('POST', '/api/core/v0/projects/media/backups', {
      body: { trigger: 'manual', display_name: 'Before the toucan migration' },
    })
    expect(res.status).toBe(202)
    const [hit, ...rest] = await search('toucan')
    expect(rest).toEqual([])
    expect(hit?.resource).toEqual({
      name: 'backup',
      data: { name: res.body.data.name, display_name: 'Before the toucan migration' },
    })
    expect(hit?.project.name).toBe('media')
    expect(hit?.search_match).toEqual({ column: 'display_name', start: 11, length: 6 })
    const noBackups = await platform.tokenFor(OPERATOR, ['wadp.directors.get'])
    expect(await search('toucan', noBackups)).toEqual([])
    const backupsToo = await platform.tokenFor(OPERATOR, ['wadp.backups.get'])
    expect(await search('toucan', backupsToo)).toHaveLength(1)
  })
})
