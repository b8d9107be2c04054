/**
 * The generated VCL serving real requests (issue 23): a varnishd on loopback with two projects loaded as
 * labels under the top VCL (a third, whose IP list nothing names, added later), in front of a small origin. What a request gets is what EDGE.md says: the
 * origin's content (MISS, then HIT), 404 for an unknown host, a synthetic response, a rate limit's 429, a
 * blocklisted client's 403 in one project only, and X-Served-By on every answer.
 */

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { topVcl } from '../../server/edge/top.ts'
import { VarnishNode } from '../../server/edge/varnish.ts'
import { findVarnishd } from '../../server/edge/vcc.ts'
import { BlocklistFields } from '../../src/types/blocklist/fields.ts'
import { CodeSnippetFields } from '../../src/types/code-snippets/fields.ts'
import { DirectorFields } from '../../src/types/directors/fields.ts'
import { compileProject, type ProjectConfiguration } from '../../src/types/edge-program.ts'
import { IpListFields } from '../../src/types/ip-lists/fields.ts'
import { PageRuleFields } from '../../src/types/page-rules/fields.ts'
import { RateLimitFields } from '../../src/types/rate-limits/fields.ts'
import { SyntheticFields } from '../../src/types/synthetic-responses/fields.ts'
import { WebsiteFields } from '../../src/types/websites/fields.ts'
import { edgeGet, freePort, startOrigin } from './support.ts'

const varnishd = findVarnishd()

function project(name: string, domain: string, originPort: number, extra: Partial<ProjectConfiguration> = {}) {
  const config: ProjectConfiguration = {
    project: name,
    now: Date.now(),
    directors: [
      {
        name: 'origin',
        data: v.parse(DirectorFields, {
          backends: [{ host: '127.0.0.1', port: originPort }],
          probe: { enabled: false },
        }),
      },
    ],
    websites: [
      {
        name: 'site',
        data: v.parse(WebsiteFields, {
          domain_name: domain,
          domain_aliases: [`www.${domain}`],
          default_director: 'origin',
          page_rules: ['maintenance'],
          rate_limits: ['limited'],
        }),
      },
    ],
    pageRules: [
      {
        name: 'maintenance',
        data: v.parse(PageRuleFields, {
          website: 'site',
          priority: 1,
          match: { path: '/maintenance', match_type: 'exact' },
          action: { kind: 'synthetic', synthetic: 'back-soon' },
        }),
      },
    ],
    synthetics: [
      {
        name: 'back-soon',
        data: v.parse(SyntheticFields, {
          status: 503,
          body: 'Back "} soon',
          headers: [{ name: 'Retry-After', value: '60' }],
        }),
      },
    ],
    rateLimits: [
      {
        name: 'limited',
        data: v.parse(RateLimitFields, {
          match: { paths: ['/limited'] },
          keys: ['ip'],
          limit: 2,
          period_s: 60,
          penalty_s: 60,
        }),
      },
    ],
    snippets: [
      {
        name: 'tag',
        data: v.parse(CodeSnippetFields, { hook: 'vcl_deliver', content: `set resp.http.X-Project = "${name}";` }),
      },
    ],
    ipLists: [],
    blocklist: [],
    ...extra,
  }
  return config
}

describe.skipIf(!varnishd)('the generated VCL on a real Varnish node', () => {
  let origin: Awaited<ReturnType<typeof startOrigin>>
  let node: VarnishNode
  let dir: string
  let base: string
  let seen: string[] = []
  let originPort = 0

  beforeAll(async () => {
    origin = await startOrigin()
    seen = origin.seen
    originPort = origin.port
    dir = await mkdtemp(join(tmpdir(), 'wadp-edge-'))
    const listen = await freePort()
    node = new VarnishNode({
      varnishd: varnishd as string,
      listen: `127.0.0.1:${listen}`,
      admin: `127.0.0.1:${await freePort()}`,
      dir,
      name: 'test-edge',
    })
    base = `http://127.0.0.1:${listen}`
    await node.start()
    const shop = project('shop', 'shop.test', originPort)
    const other = project('other', 'other.test', originPort, {
      blocklist: [
        { name: 'loopback', data: v.parse(BlocklistFields, { target: 'ip', value: '127.0.0.1', action: 'block' }) },
      ],
    })
    for (const [label, config] of [
      ['project_shop', shop],
      ['project_other', other],
    ] as const) {
      const vcl = await node.load(config.project, compileProject(config, (host) => host).program.text)
      await node.label(label, vcl)
    }
    const top = await node.load(
      'top',
      topVcl([
        { label: 'project_shop', hosts: ['shop.test', 'www.shop.test'] },
        { label: 'project_other', hosts: ['other.test', 'www.other.test'] },
      ]),
    )
    await node.use(top)
    // Starting varnishd and compiling three VCLs with gcc: 10 s on a quiet machine, 55 s beside a CI run.
  }, 240_000)

  afterAll(async () => {
    await node?.stop()
    await origin?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  const get = (host: string, path: string) => edgeGet(base, host, path)

  it('serves a website from its origin: a MISS, then a HIT, on its domain and its aliases', async () => {
    const first = await get('SHOP.test:8080', '/page')
    expect(first.status).toBe(200)
    expect(first.body).toBe('origin says /page')
    expect(first.headers['x-cache']).toBe('MISS')
    expect(first.headers['x-served-by']).toBe('test-edge')
    expect(first.headers['x-project']).toBe('shop')
    const second = await get('shop.test', '/page')
    expect(second.headers['x-cache']).toBe('HIT')
    expect(seen.filter((line) => line.endsWith('/page'))).toHaveLength(1)
    // An alias is the same website, cached under its own host.
    const alias = await get('www.shop.test', '/page')
    expect([alias.status, alias.headers['x-cache'], alias.headers['x-project']]).toEqual([200, 'MISS', 'shop'])
  })

  it('loads and serves a project whose IP list nothing references, as the platform’s compile check accepts it', async () => {
    // An unused ACL, which Varnish refuses by default (vcc_err_unref) and the platform's check accepts.
    const spare = project('spare', 'spare.test', originPort, {
      ipLists: [{ name: 'office', data: v.parse(IpListFields, { entries: [{ cidr: '203.0.113.0/24' }] }) }],
    })
    await node.label('project_spare', await node.load('spare', compileProject(spare, (host) => host).program.text))
    const top = await node.load(
      'top',
      topVcl([
        { label: 'project_shop', hosts: ['shop.test', 'www.shop.test'] },
        { label: 'project_other', hosts: ['other.test', 'www.other.test'] },
        { label: 'project_spare', hosts: ['spare.test'] },
      ]),
    )
    await node.use(top)
    const res = await get('spare.test', '/unused-acl')
    expect([res.status, res.body, res.headers['x-cache']]).toEqual([200, 'origin says /unused-acl', 'MISS'])
  }, 120_000)

  it('answers an unknown host 404 itself, without asking any origin', async () => {
    const before = seen.length
    const res = await get('nobody.test', '/')
    expect(res.status).toBe(404)
    expect(res.headers['x-served-by']).toBe('test-edge')
    expect(seen).toHaveLength(before)
  })

  it('answers with a synthetic response where a page rule says so', async () => {
    const res = await get('shop.test', '/maintenance')
    expect(res.status).toBe(503)
    expect(res.headers['retry-after']).toBe('60')
    expect(res.body).toBe('Back "} soon')
  })

  it('answers 429 over a rate limit', async () => {
    const statuses = []
    for (let i = 0; i < 3; i += 1) statuses.push((await get('shop.test', `/limited?${i}`)).status)
    expect(statuses).toEqual([200, 200, 429])
  })

  it('answers a blocklisted client 403 in the project that blocks it, and only there', async () => {
    expect((await get('other.test', '/page')).status).toBe(403)
    expect((await get('shop.test', '/page')).status).toBe(200)
  })
})
