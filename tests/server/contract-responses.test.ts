import { beforeAll, describe, expect, it } from 'vitest'
import { ContractChecker } from './contract.ts'
import { ADMIN_TOKEN, type ApiResponse, type Json, setUpPlatform, VIEWER } from './support.ts'

/**
 * A broad sample of the API's operations on the seeded platform, each answer held to the OpenAPI
 * documents as a client generated from them reads it: `platform.call` checks the status is documented,
 * the body matches its schema and the documented headers are there (tests/server/contract.ts); this file
 * also checks that every field an answer carries is one its schema names (a field the document leaves
 * out has no type in a generated client, which then cannot read a certificate's status or the secret a
 * token's create shows once), and what the documented headers say (ETag, Location).
 */
const platform = setUpPlatform()
const core = '/api/core/v0'
const auth = '/api/auth/v0'
let checker: ContractChecker
let undocumented: string[] = []

beforeAll(async () => {
  checker = await ContractChecker.load(platform.url)
})

type Options = Parameters<typeof platform.call>[2]

/** One call, its answer's fields held to its documented schema; `status` is the one it must answer. */
async function send(method: string, path: string, status: number, options?: Options): Promise<ApiResponse<Json>> {
  const answer = await platform.call(method, path, options)
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status)
  undocumented.push(...checker.undocumentedFields({ method, path, ...answer }))
  return answer
}

/** The fields sent but not documented since the last check. */
function sentButUndocumented(): string[] {
  const found = undocumented
  undocumented = []
  return found
}

describe('answers, field by field as documented', () => {
  it('of the resource operations: list, get, create, replace, change, revoke, delete', async () => {
    const directors = `${core}/projects/shop/directors`
    const created = await send('POST', directors, 201, {
      body: { name: 'contract-d', backends: [{ host: 'origin.example.com', port: 443 }] },
    })
    expect(created.headers.get('etag')).toBe('"1"')
    expect(created.headers.get('location')).toBe(`${directors}/contract-d`)
    const read = await send('GET', created.headers.get('location') as string, 200)
    expect(read.headers.get('etag')).toBe(`"${read.body.data.revision}"`)
    await send('GET', `${directors}?items=1&page=1&sort=-name`, 200)
    const replaced = await send('PUT', `${directors}/contract-d`, 200, {
      body: { name: 'contract-d', backends: [{ host: 'origin.example.com', port: 8443 }] },
      headers: { 'if-match': read.headers.get('etag') as string },
    })
    expect(replaced.headers.get('etag')).toBe('"2"')
    const changed = await send('PATCH', `${directors}/contract-d`, 200, {
      body: { display_name: 'Contract' },
      headers: { 'if-match': '"2"' },
    })
    await send('DELETE', `${directors}/contract-d`, 204, {
      headers: { 'if-match': changed.headers.get('etag') as string },
    })

    // The types whose records carry what the server keeps besides the fields a body sets (a sign-in
    // stamps the user's last_login_at).
    await send('POST', `${auth}/login`, 200, { body: { token: ADMIN_TOKEN }, token: null })
    const token = await send('POST', `${auth}/tokens`, 201, {
      body: { name: 'contract-t', owner: 'admin@example.com', permissions: ['wadp.websites.list'] },
    })
    expect(token.body.data.token).toEqual(expect.any(String))
    await send('GET', `${auth}/tokens/contract-t`, 200)
    await send('GET', `${auth}/tokens`, 200)
    await send('POST', `${auth}/tokens/contract-t/revoke`, 200, { headers: { 'if-match': '*' } })
    const accessToken = await send('POST', `${core}/projects/shop/access-tokens`, 201, {
      body: { name: 'contract-at' },
    })
    expect(accessToken.body.data.token).toEqual(expect.any(String))
    await send('GET', `${core}/projects/shop/access-tokens`, 200)
    await send('POST', `${core}/projects/shop/access-tokens/contract-at/revoke`, 200, { headers: { 'if-match': '*' } })
    await send('GET', `${auth}/users`, 200)
    await send('GET', `${auth}/users/admin@example.com`, 200)
    await send('GET', `${auth}/projects`, 200)
    await send('GET', `${auth}/projects/shop`, 200)
    await send('GET', `${core}/projects/shop/iplists/office-network`, 200)
    await send('POST', `${core}/projects/shop/iplists/office-network/import`, 200, {
      body: { text: '192.0.2.7\n', mode: 'append' },
      headers: { 'if-match': '*' },
    })
    const certificates = await send('GET', '/api/acme/v0/projects/shop/le-cert', 200)
    const certificate = certificates.body.data[0].name
    await send('GET', `/api/acme/v0/projects/shop/le-cert/${certificate}`, 200)
    await send('POST', `/api/acme/v0/projects/shop/le-cert/${certificate}/renew`, 202)
    const agent = await send('POST', `${core}/nodes`, 201, {
      body: {
        name: 'pop-jp-tyo-9',
        hostname: 'pop-jp-tyo-9.edge.wadp.example',
        pop_code: 'tyo',
        country: 'jp',
        ipv4: '203.0.113.39',
        kind: 'agent',
      },
    })
    expect(agent.body.data.secret).toEqual(expect.any(String))
    // A new secret is a change of the node, nothing one could read at an address of its own: no 201.
    const rotated = await send('POST', `${core}/nodes/pop-jp-tyo-9/secret`, 200)
    expect(rotated.body.data.secret).not.toBe(agent.body.data.secret)
    await send('DELETE', `${core}/nodes/pop-jp-tyo-9`, 204, { headers: { 'if-match': '*' } })
    await send('GET', `${core}/nodes`, 200)
    await send('GET', `${core}/pools`, 200)
    await send('POST', `${core}/access-list`, 201, {
      body: { name: 'contract-scanner', target: 'ip', value: '198.51.100.77', action: 'block' },
    })
    await send('GET', `${core}/access-list`, 200)
    expect(sentButUndocumented()).toEqual([])
  })

  it('of the other operations: search, statistics, audit, backups, sync, invalidations, sign-in', async () => {
    await send('GET', `${core}/search?query=shop`, 200)
    await send('GET', `${auth}/search/projects?items=5&q=sh`, 200)
    const now = Date.now()
    await send('POST', '/api/stats/v0/queries', 200, {
      body: {
        project: 'shop',
        from: new Date(now - 3_600_000).toISOString(),
        to: new Date(now).toISOString(),
        metrics: ['requests'],
        group_by: 'pop',
      },
    })
    const audit = await send('GET', `${auth}/audit?items=2`, 200)
    await send('GET', `${auth}/audit/${audit.body.data[0].public_id}`, 200)
    const backup = await send('POST', `${core}/projects/shop/backups`, 202, { body: { trigger: 'manual' } })
    await send('GET', backup.headers.get('location') as string, 200)
    await send('GET', `${core}/projects/shop/backups`, 200)
    await expect
      .poll(
        async () => (await send('GET', `${core}/projects/shop/backups/${backup.body.data.name}`, 200)).body.data.status,
        { timeout: 30_000 },
      )
      .toBe('completed')
    const download = await send('GET', `${core}/projects/shop/backups/${backup.body.data.name}/download`, 200)
    const uploaded = await send('POST', `${core}/projects/shop/backups/import`, 201, { body: download.body })
    expect(uploaded.headers.get('location')).toBe(`${core}/projects/shop/backups/${uploaded.body.data.name}`)
    expect((await send('GET', uploaded.headers.get('location') as string, 200)).body.data.trigger).toBe('uploaded')
    await send('POST', `${core}/projects/shop/backups/${backup.body.data.name}/restore?dry_run=true`, 200)
    await send('GET', `${core}/projects/shop/sync?details=true`, 200)
    await send('GET', `${core}/admin-sync-state`, 200)
    await send('GET', `${core}/projects/shop`, 200)
    await send('GET', `${core}/projects/shop/domains`, 200)
    const quick = await send('POST', `${core}/projects/shop/quick-setup`, 201, {
      body: {
        domain_name: 'contract.shop.example.com',
        backend: { directorOption: 'existing' },
        default_director: 'shop-origin',
      },
    })
    expect(quick.headers.get('location')).toBe(`${core}/projects/shop/websites/${quick.body.data.name}`)
    expect((await send('GET', quick.headers.get('location') as string, 200)).body.data.domain_name).toBe(
      'contract.shop.example.com',
    )
    await send('GET', `${core}/projects/shop/overview`, 200)
    await send('GET', `${core}/projects/shop/inventory`, 200)
    await send('GET', `${core}/backend-health?project=shop`, 200)
    await send('GET', `${auth}/projects/shop/deletion-preview`, 200)
    const purge = await send('POST', '/api/purge/v0/projects/shop/purge', 202, {
      body: { type: 'url', targets: ['https://shop.example.com/contract'] },
    })
    await send('GET', purge.headers.get('location') as string, 200)
    await send('GET', '/api/purge/v0/projects/shop/purge', 200)
    await send('POST', `${auth}/login`, 200, { body: { token: ADMIN_TOKEN }, token: null })
    await send('GET', `${auth}/auth/check`, 200)
    await send('GET', `${auth}/auth/permissions?scope_type=project&scope_value=shop`, 200)
    for (const service of ['auth', 'core', 'purge', 'acme', 'stats']) {
      await send('GET', `/api/${service}/v0/utils/info`, 200)
      await send('GET', `/api/${service}/v0/utils/health`, 200)
      await send('GET', `/api/${service}/v0/openapi.json`, 200)
    }
    expect(sentButUndocumented()).toEqual([])
  })

  it('of an edge agent’s configuration, with the invalidations it is to carry out', async () => {
    const node = await send('POST', `${core}/nodes`, 201, {
      body: {
        name: 'pop-jp-tyo-8',
        hostname: 'pop-jp-tyo-8.edge.wadp.example',
        pop_code: 'tyo',
        country: 'jp',
        ipv4: '203.0.113.38',
        kind: 'agent',
      },
    })
    await send('POST', '/api/purge/v0/projects/shop/purge', 202, {
      body: { type: 'url', targets: ['https://shop.example.com/agent'] },
    })
    const configuration = await send('GET', `${core}/edge/nodes/pop-jp-tyo-8/configuration`, 200, {
      token: node.body.data.secret,
    })
    expect(configuration.body.data.projects.length).toBeGreaterThan(0)
    expect(configuration.body.data.invalidations).toContainEqual(
      expect.objectContaining({ project: 'shop', targets: ['https://shop.example.com/agent'] }),
    )
    // The ETag sent back as the documented If-None-Match: 304 while nothing changed.
    await send('GET', `${core}/edge/nodes/pop-jp-tyo-8/configuration`, 304, {
      token: node.body.data.secret,
      headers: { 'if-none-match': configuration.headers.get('etag') as string },
    })
    await send('DELETE', `${core}/nodes/pop-jp-tyo-8`, 204, { headers: { 'if-match': '*' } })
    expect(sentButUndocumented()).toEqual([])
  })

  it('of the errors: 400, 401, 403, 404, 409, 412, 413 and 415, each in the error body', async () => {
    const websites = `${core}/projects/shop/websites`
    const invalid = await send('POST', websites, 400, { body: { name: 'Not A Slug' } })
    expect(invalid.body.errors).toContainEqual({ field: 'name', message: expect.any(String) })
    await send('GET', `${websites}?items=10001`, 400)
    await send('GET', `${websites}?page=0`, 400)
    await send('PATCH', `${websites}/shop-example-com`, 400, { body: {}, headers: { 'if-match': 'soon' } })
    await send('GET', websites, 401, { token: null })
    await send('GET', websites, 401, { token: 'no-such-token-0123456789abcdef' })
    const viewer = await platform.tokenFor(VIEWER, ['wadp.websites.list'])
    await send('DELETE', `${websites}/shop-example-com`, 403, { token: viewer, headers: { 'if-match': '*' } })
    await send('GET', `${websites}/no-such-website`, 404)
    await send('GET', `${core}/projects/no-such-project/websites`, 404)
    await send('POST', `${core}/projects/shop/directors`, 409, {
      body: { name: 'shop-origin', backends: [{ host: 'origin.example.com', port: 443 }] },
    })
    const stale = await send('PATCH', `${websites}/shop-example-com`, 409, {
      body: { display_name: 'Stale' },
      headers: { 'if-match': '"999"' },
    })
    expect(stale.body.data.name).toBe('shop-example-com')
    const used = await send('DELETE', `${core}/projects/shop/directors/shop-origin`, 409, {
      headers: { 'if-match': '*' },
    })
    expect(used.body.data.referrers).toContainEqual(expect.objectContaining({ name: 'shop-example-com' }))
    await send('PATCH', `${websites}/shop-example-com`, 412, { body: { display_name: 'No If-Match' } })
    await send('POST', websites, 413, {
      raw: JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    })
    await send('POST', websites, 415, { raw: 'name=x', headers: { 'content-type': 'text/plain' } })
    expect(sentButUndocumented()).toEqual([])
  })
})
