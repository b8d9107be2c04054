import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { permissionsOfRoles } from '../../src/types/roles.ts'
import { type Json, OPERATOR, queryRows, setUpPlatform, VIEWER } from './support.ts'

// Nodes take a minute to apply a revision, so a change is still "not updated" when the test looks.
const platform = setUpPlatform({ syncDelay: '60000' })
const base = '/api/core/v0/projects/shop'
const ifMatch = (revision: number | '*') => ({ 'if-match': revision === '*' ? '*' : `"${revision}"` })

async function configurationRevision(project: string): Promise<number> {
  const [row] = await queryRows<{ revision: number }>(
    platform,
    sql`select revision from config_revisions where scope = ${project}`,
  )
  return row?.revision ?? 0
}

async function auditActions(type: string, name: string): Promise<string[]> {
  const rows = await queryRows<{ action: string; project: string }>(
    platform,
    sql`select action, project from audit_log where resource_type = ${type} and resource_name = ${name} order by id`,
  )
  for (const row of rows) expect(row.project).toBe('shop')
  return rows.map((row) => row.action)
}

async function create(type: string, body: Record<string, unknown>) {
  const res = await platform.call('POST', `${base}/${type}`, { body })
  if (res.status !== 201) throw new Error(`creating ${type} ${body.name}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

const remove = (type: string, name: string) =>
  platform.call('DELETE', `${base}/${type}/${name}`, { headers: ifMatch('*') })

const director = (name: string) => ({ name, backends: [{ host: 'eu.origin.example.com', port: 443 }] })

const website = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  domain_name: `${name}.example.net`,
  default_director: 'shop-origin',
  ...extra,
})

type TypeCase = {
  type: string
  label: string
  /** A valid body of the i-th resource made by a test. */
  body(name: string, i: number): Record<string, unknown>
  defaults: Record<string, unknown>
  /** A PUT body (without name) and what it changes. */
  replacement: Record<string, unknown>
  /** A PATCH body. */
  patch: Record<string, unknown>
  /** A data field to sort by, and its value for the i-th resource. */
  sort: { field: string; value(i: number): unknown }
}

const CASES: TypeCase[] = [
  {
    type: 'pagerules',
    label: 'page rule',
    body: (name, i) => ({
      name,
      website: 'api-shop-example-com',
      priority: [9, 100, 10, 500, 7][i % 5] ?? 1,
      match: { path: `/${name}/*` },
      action: { kind: 'cache', mode: 'cache_everything' },
    }),
    defaults: {
      enabled: true,
      match: { match_type: 'glob', methods: [], hosts: [] },
      action: { kind: 'cache', mode: 'cache_everything', edge_ttl_s: 3600, browser_ttl_s: 0, ignore_query: false },
      request_headers: [],
      response_headers: [],
    },
    replacement: {
      website: 'api-shop-example-com',
      priority: 900,
      match: { path: '/old', match_type: 'prefix' },
      action: { kind: 'redirect', target: 'https://shop.example.com/new' },
      response_headers: [{ op: 'unset', name: 'Server' }],
    },
    patch: { enabled: false },
    sort: { field: 'priority', value: (i) => [9, 100, 10, 500, 7][i % 5] },
  },
  {
    type: 'synthetics',
    label: 'synthetic response',
    body: (name, i) => ({ name, status: [503, 200, 404][i % 3], body: `<h1>${name}</h1>` }),
    defaults: { content_type: 'text/html; charset=utf-8', headers: [], ttl_s: 0 },
    replacement: { status: 200, content_type: 'application/json', body: '{"ok":true}', ttl_s: 60 },
    patch: { headers: [{ name: 'Retry-After', value: '120' }] },
    sort: { field: 'status', value: (i) => [503, 200, 404][i % 3] },
  },
  {
    type: 'codesnippets',
    label: 'VCL snippet',
    body: (name, i) => ({ name, hook: 'vcl_recv', priority: [50, 5, 500][i % 3], content: 'unset req.http.Cookie;' }),
    defaults: { enabled: true, comment: '' },
    replacement: { hook: 'vcl_deliver', content: 'set resp.http.X-Served-By = "edge";', comment: 'tag responses' },
    patch: { enabled: false, priority: 0 },
    sort: { field: 'priority', value: (i) => [50, 5, 500][i % 3] },
  },
]

describe.each(CASES)('$type', (spec) => {
  const path = `${base}/${spec.type}`
  const prefix = spec.type.slice(0, 4)

  it('creates with the defaults filled in, reads back with the ETag, updates, refuses stale writes and deletes', async () => {
    const name = `${prefix}-lifecycle`
    const revisionBefore = await configurationRevision('shop')
    const created = await platform.call('POST', path, { body: spec.body(name, 0) })
    expect(created.status).toBe(201)
    expect(created.headers.get('etag')).toBe('"1"')
    expect(created.headers.get('location')).toBe(`${path}/${name}`)
    expect(created.body.data).toMatchObject({ name, display_name: null, revision: 1, ...spec.defaults })
    expect(created.body.data.created_by).toBe('admin@example.com')
    expect(await configurationRevision('shop')).toBe(revisionBefore + 1)
    const afterCreate = await platform.call('GET', `${base}/sync`)
    expect(afterCreate.body.data.updated).toBe(false)

    const read = await platform.call('GET', `${path}/${name}`)
    expect(read.status).toBe(200)
    expect(read.headers.get('etag')).toBe('"1"')
    // A GET of one adds what uses the resource and what it uses (issue 25); the rest is the create's answer.
    const { referenced_by: _usedBy, uses: _uses, ...readBack } = read.body.data
    expect(readBack).toEqual(created.body.data)

    const noPrecondition = await platform.call('PUT', `${path}/${name}`, { body: spec.replacement })
    expect(noPrecondition.status).toBe(412)

    const replaced = await platform.call('PUT', `${path}/${name}`, { body: spec.replacement, headers: ifMatch(1) })
    expect(replaced.status).toBe(200)
    expect(replaced.headers.get('etag')).toBe('"2"')
    expect(replaced.body.data).toMatchObject({ name, revision: 2, ...spec.replacement })
    expect(await configurationRevision('shop')).toBe(revisionBefore + 2)

    const patched = await platform.call('PATCH', `${path}/${name}`, { body: spec.patch, headers: ifMatch(2) })
    expect(patched.status).toBe(200)
    expect(patched.headers.get('etag')).toBe('"3"')
    expect(patched.body.data).toMatchObject({ revision: 3, ...spec.patch })
    // PATCH keeps what it was not sent.
    const kept = Object.keys(spec.replacement).find((field) => !(field in spec.patch)) ?? ''
    expect(patched.body.data[kept]).toEqual(replaced.body.data[kept])
    expect(await configurationRevision('shop')).toBe(revisionBefore + 3)

    const stale = await platform.call('PUT', `${path}/${name}`, { body: spec.replacement, headers: ifMatch(2) })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toContain('revision 3')
    expect(stale.body.data).toMatchObject({ name, revision: 3, ...spec.patch })
    const staleDelete = await platform.call('DELETE', `${path}/${name}`, { headers: ifMatch(1) })
    expect(staleDelete.status).toBe(409)
    expect(await configurationRevision('shop')).toBe(revisionBefore + 3)

    const deleted = await platform.call('DELETE', `${path}/${name}`, { headers: ifMatch(3) })
    expect(deleted.status).toBe(204)
    expect(await configurationRevision('shop')).toBe(revisionBefore + 4)
    const gone = await platform.call('GET', `${path}/${name}`)
    expect(gone.status).toBe(404)
    expect(gone.body.message).toBe(`${spec.label} ${name} not found`)

    expect(await auditActions(spec.type, name)).toEqual([
      `${spec.type}.create`,
      `${spec.type}.update`,
      `${spec.type}.update`,
      `${spec.type}.delete`,
    ])
  })

  it('pages, filters and sorts the list, numbers by value', async () => {
    const names = [0, 1, 2].map((i) => `${prefix}-list-${i}`)
    for (const [i, name] of names.entries())
      await create(spec.type, { ...spec.body(name, i), display_name: `Item ${i}` })

    const page = await platform.call('GET', `${path}?items=2&page=1&q=${prefix}-list`)
    expect(page.status).toBe(200)
    expect(page.body.meta).toEqual({ total: 3, page: 1, items: 2 })
    expect(page.body.data.map((r: Json) => r.name)).toEqual(names.slice(0, 2))
    const second = await platform.call('GET', `${path}?items=2&page=2&q=${prefix}-list`)
    expect(second.body.data.map((r: Json) => r.name)).toEqual(names.slice(2))

    const byDisplayName = await platform.call('GET', `${path}?q=ITEM 1`)
    expect(byDisplayName.body.data.map((r: Json) => r.name)).toEqual([names[1]])

    const sorted = await platform.call('GET', `${path}?q=${prefix}-list&sort=${spec.sort.field}`)
    const values = sorted.body.data.map((r: Json) => r[spec.sort.field])
    const expected = [0, 1, 2].map((i) => spec.sort.value(i) as number).sort((a, b) => a - b)
    expect(values).toEqual(expected)
    const descending = await platform.call('GET', `${path}?q=${prefix}-list&sort=-${spec.sort.field}`)
    expect(descending.body.data.map((r: Json) => r[spec.sort.field])).toEqual([...expected].reverse())

    const badSort = await platform.call('GET', `${path}?sort=nope`)
    expect(badSort.status).toBe(400)
    expect(badSort.body.errors[0].field).toBe('sort')
  })

  it('reports invalid and unknown fields by their path', async () => {
    const res = await platform.call('POST', path, { body: { ...spec.body(`${prefix}-bad`, 0), colour: 'red' } })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'colour', message: 'is not a field of this resource' }])
  })

  it('lets a viewer list and get but not create; an operator creates', async () => {
    const name = `${prefix}-roles`
    await create(spec.type, spec.body(name, 3))
    const viewer = await platform.tokenFor(VIEWER, permissionsOfRoles(['viewer']))
    expect((await platform.call('GET', path, { token: viewer })).status).toBe(200)
    expect((await platform.call('GET', `${path}/${name}`, { token: viewer })).status).toBe(200)
    const write = await platform.call('POST', path, { token: viewer, body: spec.body(`${prefix}-by-viewer`, 4) })
    expect(write.status).toBe(403)
    expect(write.body.message).toBe(`missing permission wadp.${spec.type}.create`)
    const operator = await platform.tokenFor(OPERATOR, permissionsOfRoles(['operator']))
    const byOperator = await platform.call('POST', path, {
      token: operator,
      body: spec.body(`${prefix}-by-operator`, 4),
    })
    expect(byOperator.status).toBe(201)
    expect(byOperator.body.data.created_by).toBe(OPERATOR)
  })
})

describe('sorting by a nested field', () => {
  it('sorts page rules by a dotted path, numbers by value, and refuses an unknown path', async () => {
    const rules = [
      { name: 'nested-sort-a', path: '/zeta/*', ttl: 10, priority: 401 },
      { name: 'nested-sort-b', path: '/alpha/*', ttl: 9, priority: 402 },
      { name: 'nested-sort-c', path: '/mid/*', ttl: 100, priority: 403 },
    ]
    for (const { name, path, ttl, priority } of rules)
      await create('pagerules', {
        name,
        website: 'shop-example-com',
        priority,
        match: { path },
        action: { kind: 'cache', edge_ttl_s: ttl },
      })
    const names = async (sort: string) => {
      const res = await platform.call('GET', `${base}/pagerules?q=nested-sort&sort=${sort}`)
      expect(res.status).toBe(200)
      return (res.body.data as { name: string }[]).map((rule) => rule.name)
    }
    expect(await names('match.path')).toEqual(['nested-sort-b', 'nested-sort-c', 'nested-sort-a'])
    expect(await names('-match.path')).toEqual(['nested-sort-a', 'nested-sort-c', 'nested-sort-b'])
    // 9 before 10 before 100: by value, not as text.
    expect(await names('action.edge_ttl_s')).toEqual(['nested-sort-b', 'nested-sort-a', 'nested-sort-c'])
    const unknown = await platform.call('GET', `${base}/pagerules?sort=match.nope`)
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors[0].field).toBe('sort')
  })
})

describe('page rule references', () => {
  const rule = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    website: 'shop-example-com',
    priority: 1,
    action: { kind: 'cache' },
    ...extra,
  })

  it('refuses a missing website, director or synthetic response, on the field that names it', async () => {
    const noWebsite = await platform.call('POST', `${base}/pagerules`, { body: rule('ref-a', { website: 'ghost' }) })
    expect(noWebsite.status).toBe(400)
    expect(noWebsite.body.errors).toEqual([{ field: 'website', message: 'website ghost does not exist' }])
    const noDirector = await platform.call('POST', `${base}/pagerules`, {
      body: rule('ref-b', { action: { kind: 'director', director: 'ghost' } }),
    })
    expect(noDirector.status).toBe(400)
    expect(noDirector.body.errors).toEqual([{ field: 'action.director', message: 'director ghost does not exist' }])
    const noSynthetic = await platform.call('POST', `${base}/pagerules`, {
      body: rule('ref-c', { action: { kind: 'synthetic', synthetic: 'ghost' } }),
    })
    expect(noSynthetic.status).toBe(400)
    expect(noSynthetic.body.errors).toEqual([
      { field: 'action.synthetic', message: 'synthetic response ghost does not exist' },
    ])
  })

  it('refuses a website in another project', async () => {
    const res = await platform.call('POST', '/api/core/v0/projects/media/pagerules', {
      body: rule('cross-project'),
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'website', message: 'website shop-example-com does not exist' }])
  })

  it('keeps a synthetic response while a page rule answers with it', async () => {
    await create('synthetics', { name: 'maintenance', status: 503, body: 'Back soon' })
    await create(
      'pagerules',
      rule('down-for-maintenance', { priority: 2, action: { kind: 'synthetic', synthetic: 'maintenance' } }),
    )
    const busy = await remove('synthetics', 'maintenance')
    expect(busy.status).toBe(409)
    expect(busy.body.message).toBe('synthetic response maintenance is still used by page rule down-for-maintenance')
    expect(busy.body.data.referrers).toEqual([
      { type: 'pagerules', label: 'page rule', name: 'down-for-maintenance', field: 'action.synthetic' },
    ])
    const switched = await platform.call('PATCH', `${base}/pagerules/down-for-maintenance`, {
      body: { action: { kind: 'cache', mode: 'bypass' } },
      headers: ifMatch(1),
    })
    expect(switched.status).toBe(200)
    expect(switched.body.data.action).toEqual({
      kind: 'cache',
      mode: 'bypass',
      edge_ttl_s: 3600,
      browser_ttl_s: 0,
      ignore_query: false,
    })
    expect((await remove('synthetics', 'maintenance')).status).toBe(204)
  })

  it('does not move a page rule to another website while its website lists it', async () => {
    await create('pagerules', rule('moving-rule', { priority: 41 }))
    const site = await platform.call('GET', `${base}/websites/shop-example-com`)
    const listed = await platform.call('PATCH', `${base}/websites/shop-example-com`, {
      body: { page_rules: [...site.body.data.page_rules, 'moving-rule'] },
      headers: { 'if-match': '*' },
    })
    expect(listed.status).toBe(200)
    const moved = await platform.call('PATCH', `${base}/pagerules/moving-rule`, {
      body: { website: 'api-shop-example-com' },
      headers: { 'if-match': '*' },
    })
    expect(moved.status).toBe(409)
    expect(moved.body.errors).toEqual([
      { field: 'website', message: 'website shop-example-com lists it in its page rules: remove it there first' },
    ])
    // The website it stays on can still be saved.
    const again = await platform.call('PATCH', `${base}/websites/shop-example-com`, {
      body: { page_rules: site.body.data.page_rules },
      headers: { 'if-match': '*' },
    })
    expect(again.status).toBe(200)
    const free = await platform.call('PATCH', `${base}/pagerules/moving-rule`, {
      body: { website: 'api-shop-example-com' },
      headers: { 'if-match': '*' },
    })
    expect(free.status).toBe(200)
    expect((await remove('pagerules', 'moving-rule')).status).toBe(204)
  })

  it('keeps a director while a page rule sends requests to it', async () => {
    await create('directors', director('eu-origin'))
    await create('pagerules', rule('to-eu', { priority: 3, action: { kind: 'director', director: 'eu-origin' } }))
    const busy = await remove('directors', 'eu-origin')
    expect(busy.status).toBe(409)
    expect(busy.body.data.referrers).toEqual([
      { type: 'pagerules', label: 'page rule', name: 'to-eu', field: 'action.director' },
    ])
    expect((await remove('pagerules', 'to-eu')).status).toBe(204)
    expect((await remove('directors', 'eu-origin')).status).toBe(204)
  })

  it('links a website and its page rules both ways, and deletes them in order', async () => {
    await create('websites', website('blog'))
    const missingRule = await platform.call('PATCH', `${base}/websites/blog`, {
      body: { page_rules: ['ghost-rule'] },
      headers: ifMatch(1),
    })
    expect(missingRule.status).toBe(400)
    expect(missingRule.body.errors).toEqual([{ field: 'page_rules', message: 'page rule ghost-rule does not exist' }])

    await create('pagerules', rule('blog-assets', { website: 'blog', priority: 1 }))
    const linked = await platform.call('PATCH', `${base}/websites/blog`, {
      body: { page_rules: ['blog-assets'] },
      headers: ifMatch(1),
    })
    expect(linked.status).toBe(200)
    expect(linked.body.data.page_rules).toEqual(['blog-assets'])

    const websiteBusy = await remove('websites', 'blog')
    expect(websiteBusy.status).toBe(409)
    expect(websiteBusy.body.data.referrers).toEqual([
      { type: 'pagerules', label: 'page rule', name: 'blog-assets', field: 'website' },
    ])
    const ruleBusy = await remove('pagerules', 'blog-assets')
    expect(ruleBusy.status).toBe(409)
    expect(ruleBusy.body.data.referrers).toEqual([
      { type: 'websites', label: 'website', name: 'blog', field: 'page_rules' },
    ])

    await platform.call('PATCH', `${base}/websites/blog`, { body: { page_rules: [] }, headers: ifMatch(2) })
    expect((await remove('pagerules', 'blog-assets')).status).toBe(204)
    expect((await remove('websites', 'blog')).status).toBe(204)
  })

  it('refuses a website listing a page rule written for another website', async () => {
    await create('pagerules', rule('storefront-only', { priority: 7 }))
    const res = await platform.call('PATCH', `${base}/websites/api-shop-example-com`, {
      body: { page_rules: ['storefront-only'] },
      headers: ifMatch('*'),
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([
      { field: 'page_rules', message: 'page rule storefront-only belongs to website shop-example-com' },
    ])
    expect((await remove('pagerules', 'storefront-only')).status).toBe(204)
  })

  it('keeps priorities unique per website, not across websites', async () => {
    await create('websites', website('forum'))
    await create('pagerules', rule('forum-first', { website: 'forum', priority: 10 }))
    const clash = await platform.call('POST', `${base}/pagerules`, {
      body: rule('forum-second', { website: 'forum', priority: 10 }),
    })
    expect(clash.status).toBe(409)
    expect(clash.body.errors).toEqual([
      { field: 'priority', message: 'priority 10 is already used by page rule forum-first of website forum' },
    ])
    expect(clash.body.message).toContain('forum-first')

    const elsewhere = await create('pagerules', rule('shop-tenth', { website: 'shop-example-com', priority: 10 }))
    expect(elsewhere.priority).toBe(10)

    const second = await create('pagerules', rule('forum-second', { website: 'forum', priority: 20 }))
    expect(second.priority).toBe(20)
    const moved = await platform.call('PATCH', `${base}/pagerules/forum-second`, {
      body: { priority: 10 },
      headers: ifMatch(1),
    })
    expect(moved.status).toBe(409)
    expect(moved.body.errors[0].field).toBe('priority')

    // Saving a rule unchanged does not clash with itself.
    const resaved = await platform.call('PATCH', `${base}/pagerules/forum-first`, {
      body: { enabled: false },
      headers: ifMatch(1),
    })
    expect(resaved.status).toBe(200)
    const toOtherWebsite = await platform.call('PATCH', `${base}/pagerules/forum-second`, {
      body: { website: 'shop-example-com', priority: 10 },
      headers: ifMatch(1),
    })
    expect(toOtherWebsite.status).toBe(409)
  })

  it('gives a priority to one page rule of a website only when several take it at once', async () => {
    // On PostgreSQL the writes run on separate connections; each checks after a lock on the website.
    for (let round = 0; round < 4; round += 1) {
      const priority = 500 + round
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          platform.call('POST', `${base}/pagerules`, { body: rule(`raced-${round}-${i}`, { priority }) }),
        ),
      )
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([201, 409, 409, 409])
      const winner = answers.findIndex((answer) => answer.status === 201)
      expect((await remove('pagerules', `raced-${round}-${winner}`)).status).toBe(204)
    }
  })

  it('finds page rules by their path in the global search', async () => {
    await create('pagerules', rule('search-me', { priority: 4, match: { path: '/checkout-special/*' } }))
    const res = await platform.call('GET', '/api/core/v0/search?query=checkout-special')
    expect(res.body.data).toEqual([
      expect.objectContaining({
        resource: { name: 'page-rules', data: { name: 'search-me', display_name: null } },
        search_matching_columns: { 'match.path': '/checkout-special/*' },
      }),
    ])
  })
})

describe('VCL snippet references', () => {
  it('refuses a website naming a missing snippet in its default rules', async () => {
    const res = await platform.call('POST', `${base}/websites`, {
      body: website('vcl-less', { default_rules: { custom_vcl_deliver: 'ghost' } }),
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([
      { field: 'default_rules.custom_vcl_deliver', message: 'VCL snippet ghost does not exist' },
    ])
  })

  it('keeps a snippet while a website’s default rules use it, naming the website', async () => {
    await create('codesnippets', { name: 'strip-cookies', hook: 'vcl_recv', content: 'unset req.http.Cookie;' })
    const used = await platform.call('PATCH', `${base}/websites/shop-example-com`, {
      body: { default_rules: { custom_vcl_recv: 'strip-cookies' } },
      headers: ifMatch('*'),
    })
    expect(used.status).toBe(200)
    expect(used.body.data.default_rules).toMatchObject({ custom_vcl_recv: 'strip-cookies', retry_on_5xx_error: true })

    const busy = await remove('codesnippets', 'strip-cookies')
    expect(busy.status).toBe(409)
    expect(busy.body.message).toBe('VCL snippet strip-cookies is still used by website shop-example-com')
    expect(busy.body.data.referrers).toEqual([
      { type: 'websites', label: 'website', name: 'shop-example-com', field: 'default_rules.custom_vcl_recv' },
    ])

    await platform.call('PATCH', `${base}/websites/shop-example-com`, {
      body: { default_rules: { custom_vcl_recv: null } },
      headers: ifMatch('*'),
    })
    expect((await remove('codesnippets', 'strip-cookies')).status).toBe(204)
  })

  it('refuses a snippet set in a hook it was not written for, or moved away from the hook a website runs it in', async () => {
    await create('codesnippets', { name: 'late-headers', hook: 'vcl_deliver', content: 'set resp.http.X = "1";' })
    const res = await platform.call('PATCH', `${base}/websites/api-shop-example-com`, {
      body: { default_rules: { custom_vcl_recv: 'late-headers' } },
      headers: ifMatch('*'),
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([
      {
        field: 'default_rules.custom_vcl_recv',
        message: 'VCL snippet late-headers is written for vcl_deliver, not vcl_recv',
      },
    ])
    const fits = await platform.call('PATCH', `${base}/websites/api-shop-example-com`, {
      body: { default_rules: { custom_vcl_deliver: 'late-headers' } },
      headers: ifMatch('*'),
    })
    expect(fits.status).toBe(200)
    // Nor is a snippet a website runs moved to another hook: the website could not be saved again.
    const moved = await platform.call('PATCH', `${base}/codesnippets/late-headers`, {
      body: { hook: 'vcl_synth' },
      headers: ifMatch('*'),
    })
    expect([moved.status, moved.body.errors]).toEqual([
      409,
      [
        {
          field: 'hook',
          message: 'website api-shop-example-com runs it in vcl_deliver (default_rules.custom_vcl_deliver)',
        },
      ],
    ])
    const kept = await platform.call('PATCH', `${base}/codesnippets/late-headers`, {
      body: { hook: 'vcl_deliver', content: 'set resp.http.X = "2";' },
      headers: ifMatch('*'),
    })
    expect(kept.status).toBe(200)
    await platform.call('PATCH', `${base}/websites/api-shop-example-com`, {
      body: { default_rules: { custom_vcl_deliver: null } },
      headers: ifMatch('*'),
    })
    const free = await platform.call('PATCH', `${base}/codesnippets/late-headers`, {
      body: { hook: 'vcl_synth' },
      headers: ifMatch('*'),
    })
    expect(free.status).toBe(200)
    expect((await remove('codesnippets', 'late-headers')).status).toBe(204)
  })

  it('never ends with a website running a snippet in a hook the snippet has left, however the writes meet', async () => {
    // On PostgreSQL the two writes run on separate connections; each checks the other's side after a lock.
    for (let round = 0; round < 4; round += 1) {
      const snippet = `raced-${round}`
      await create('codesnippets', { name: snippet, hook: 'vcl_deliver', content: 'set resp.http.X = "1";' })
      const [website, moved] = await Promise.all([
        platform.call('PATCH', `${base}/websites/api-shop-example-com`, {
          body: { default_rules: { custom_vcl_deliver: snippet } },
          headers: ifMatch('*'),
        }),
        platform.call('PATCH', `${base}/codesnippets/${snippet}`, {
          body: { hook: 'vcl_synth' },
          headers: ifMatch('*'),
        }),
      ])
      const site = await platform.call('GET', `${base}/websites/api-shop-example-com`)
      const stored = await platform.call('GET', `${base}/codesnippets/${snippet}`)
      const runs = site.body.data.default_rules.custom_vcl_deliver === snippet
      expect(runs && stored.body.data.hook !== 'vcl_deliver', `round ${round}: ${website.status} ${moved.status}`).toBe(
        false,
      )
      await platform.call('PATCH', `${base}/websites/api-shop-example-com`, {
        body: { default_rules: { custom_vcl_deliver: null } },
        headers: ifMatch('*'),
      })
      expect((await remove('codesnippets', snippet)).status).toBe(204)
    }
  })

  it('does not take a snippet of the same name in another project as a reference', async () => {
    await create('codesnippets', { name: 'shared-name', hook: 'vcl_deliver', content: 'set resp.http.X = "1";' })
    const elsewhere = await platform.call('POST', '/api/core/v0/projects/media/codesnippets', {
      body: { name: 'shared-name', hook: 'vcl_deliver', content: 'set resp.http.X = "2";' },
    })
    expect(elsewhere.status).toBe(201)
    await platform.call('PATCH', `${base}/websites/api-shop-example-com`, {
      body: { default_rules: { custom_vcl_deliver: 'shared-name' } },
      headers: ifMatch('*'),
    })
    const media = await platform.call('DELETE', '/api/core/v0/projects/media/codesnippets/shared-name', {
      headers: ifMatch('*'),
    })
    expect(media.status).toBe(204)
  })
})

describe('request size', () => {
  it('takes a synthetic body up to 256 KiB of UTF-8 and refuses one byte more', async () => {
    const full = await platform.call('POST', `${base}/synthetics`, {
      body: { name: 'big-page', body: 'é'.repeat(131_072) },
    })
    expect(full.status).toBe(201)
    const over = await platform.call('POST', `${base}/synthetics`, {
      body: { name: 'too-big-page', body: `${'é'.repeat(131_072)}a` },
    })
    expect(over.status).toBe(400)
    expect(over.body.errors).toEqual([{ field: 'body', message: 'must be at most 256 KiB' }])
  })

  it('takes a VCL snippet of a full 1 MiB of code through the API and refuses one byte more', async () => {
    // ASCII, so characters are bytes: exactly 1 MiB, with the quotes and newlines JSON must escape. It
    // must compile (issue 23), and Varnish's compiler takes about 10 ms a statement: a hundred
    // statements, then one long comment.
    const head = 'set req.http.X-A = "b";\n'.repeat(100)
    const code = `${head}#${'x'.repeat(1_048_576 - head.length - 1)}`
    const full = await platform.call('POST', `${base}/codesnippets`, {
      body: { name: 'huge-snippet', hook: 'vcl_recv', content: code },
    })
    expect(full.status).toBe(201)
    const over = await platform.call('POST', `${base}/codesnippets`, {
      body: { name: 'too-huge-snippet', hook: 'vcl_recv', content: `${code}#` },
    })
    expect(over.status).toBe(400)
    expect(over.body.errors).toEqual([{ field: 'content', message: 'must be at most 1 MiB' }])
  })
})
