import createClient from 'openapi-fetch'
import { describe, expect, it } from 'vitest'
import type { paths as AcmePaths } from '../client/acme.gen.ts'
import type { paths as AuthPaths } from '../client/auth.gen.ts'
import type { paths as CorePaths } from '../client/core.gen.ts'
import { staleClientTypes } from '../tools/api-client.ts'
import { ADMIN, ADMIN_TOKEN, setUpPlatform } from './support.ts'

/**
 * A client generated from the OpenAPI documents alone (openapi-typescript's types, openapi-fetch) works
 * against the server: for every resource type, create → read → change with the ETag read as If-Match →
 * the same stale If-Match refused with 409 → delete → gone. Each call below is typed by the generated
 * `paths`: a path, a header or a body field the documents do not declare does not compile.
 */
const platform = setUpPlatform()
const project = 'shop'
const CHANGED = 'Changed by the generated client'

const clients = () => {
  const headers = { authorization: `Bearer ${ADMIN_TOKEN}` }
  return {
    auth: createClient<AuthPaths>({ baseUrl: `${platform.url}/api/auth/v0`, headers }),
    core: createClient<CorePaths>({ baseUrl: `${platform.url}/api/core/v0`, headers }),
    acme: createClient<AcmePaths>({ baseUrl: `${platform.url}/api/acme/v0`, headers }),
  }
}

type Answer = { data?: unknown; error?: unknown; response: Response }

/** One resource's round trip through the typed client; each step is a call typed by the documents. */
type Flow = {
  create(): Promise<Answer>
  read(): Promise<Answer>
  change(ifMatch: string): Promise<Answer>
  remove(ifMatch: string): Promise<Answer>
}

type Record = { data: { revision: number; display_name: string | null } }

async function roundTrip(flow: Flow) {
  const created = await flow.create()
  expect(created.response.status, JSON.stringify(created.error)).toBe(201)
  const etag = created.response.headers.get('etag') as string
  expect(etag).toBe(`"${(created.data as Record).data.revision}"`)

  const read = await flow.read()
  expect(read.response.status).toBe(200)
  expect(read.response.headers.get('etag')).toBe(etag)

  const changed = await flow.change(etag)
  expect(changed.response.status, JSON.stringify(changed.error)).toBe(200)
  const current = (changed.data as Record).data
  expect(current.display_name).toBe(CHANGED)
  expect(changed.response.headers.get('etag')).toBe(`"${current.revision}"`)

  // The ETag read before the change is stale now: refused, with the resource as it is in `data`.
  const stale = await flow.change(etag)
  expect(stale.response.status).toBe(409)
  expect((stale.error as { data: Record['data'] }).data.revision).toBe(current.revision)

  const removed = await flow.remove(`"${current.revision}"`)
  expect(removed.response.status, JSON.stringify(removed.error)).toBe(204)
  expect((await flow.read()).response.status).toBe(404)
}

describe('a client generated from the OpenAPI documents', () => {
  it('is generated from the documents the server serves now (npm run api-types writes it)', async () => {
    expect(await staleClientTypes(platform.url)).toEqual([])
  })

  it('creates, reads, changes with If-Match, meets a conflict and deletes every project resource type', async () => {
    const { core, acme } = clients()
    const at = (name: string) => ({ path: { project, name } })
    const change = { display_name: CHANGED }
    const flows: [string, Flow][] = [
      [
        'directors',
        {
          create: () =>
            core.POST('/projects/{project}/directors', {
              params: { path: { project } },
              body: { name: 'flow-director', backends: [{ host: 'origin.example.com', port: 443 }] },
            }),
          read: () => core.GET('/projects/{project}/directors/{name}', { params: at('flow-director') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/directors/{name}', {
              params: { ...at('flow-director'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/directors/{name}', {
              params: { ...at('flow-director'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'websites',
        {
          create: () =>
            core.POST('/projects/{project}/websites', {
              params: { path: { project } },
              body: { name: 'flow-website', domain_name: 'flow.shop.example.com', default_director: 'shop-origin' },
            }),
          read: () => core.GET('/projects/{project}/websites/{name}', { params: at('flow-website') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/websites/{name}', {
              params: { ...at('flow-website'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/websites/{name}', {
              params: { ...at('flow-website'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'pagerules',
        {
          create: () =>
            core.POST('/projects/{project}/pagerules', {
              params: { path: { project } },
              body: { name: 'flow-rule', website: 'shop-example-com', priority: 900, action: { kind: 'cache' } },
            }),
          read: () => core.GET('/projects/{project}/pagerules/{name}', { params: at('flow-rule') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/pagerules/{name}', {
              params: { ...at('flow-rule'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/pagerules/{name}', {
              params: { ...at('flow-rule'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'codesnippets',
        {
          create: () =>
            core.POST('/projects/{project}/codesnippets', {
              params: { path: { project } },
              body: { name: 'flow-snippet', hook: 'vcl_deliver', content: 'set resp.http.X-Flow = "1";' },
            }),
          read: () => core.GET('/projects/{project}/codesnippets/{name}', { params: at('flow-snippet') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/codesnippets/{name}', {
              params: { ...at('flow-snippet'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/codesnippets/{name}', {
              params: { ...at('flow-snippet'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'synthetics',
        {
          create: () =>
            core.POST('/projects/{project}/synthetics', {
              params: { path: { project } },
              body: { name: 'flow-synth' },
            }),
          read: () => core.GET('/projects/{project}/synthetics/{name}', { params: at('flow-synth') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/synthetics/{name}', {
              params: { ...at('flow-synth'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/synthetics/{name}', {
              params: { ...at('flow-synth'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'wafconfigs',
        {
          create: () =>
            core.POST('/projects/{project}/wafconfigs', { params: { path: { project } }, body: { name: 'flow-waf' } }),
          read: () => core.GET('/projects/{project}/wafconfigs/{name}', { params: at('flow-waf') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/wafconfigs/{name}', {
              params: { ...at('flow-waf'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/wafconfigs/{name}', {
              params: { ...at('flow-waf'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'iplists',
        {
          create: () =>
            core.POST('/projects/{project}/iplists', { params: { path: { project } }, body: { name: 'flow-ips' } }),
          read: () => core.GET('/projects/{project}/iplists/{name}', { params: at('flow-ips') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/iplists/{name}', {
              params: { ...at('flow-ips'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/iplists/{name}', {
              params: { ...at('flow-ips'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'ratelimits',
        {
          create: () =>
            core.POST('/projects/{project}/ratelimits', {
              params: { path: { project } },
              body: { name: 'flow-limit' },
            }),
          read: () => core.GET('/projects/{project}/ratelimits/{name}', { params: at('flow-limit') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/ratelimits/{name}', {
              params: { ...at('flow-limit'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/ratelimits/{name}', {
              params: { ...at('flow-limit'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'challenges',
        {
          create: () =>
            core.POST('/projects/{project}/challenges', {
              params: { path: { project } },
              body: { name: 'flow-challenge' },
            }),
          read: () => core.GET('/projects/{project}/challenges/{name}', { params: at('flow-challenge') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/challenges/{name}', {
              params: { ...at('flow-challenge'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/challenges/{name}', {
              params: { ...at('flow-challenge'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'sslpolicies',
        {
          create: () =>
            core.POST('/projects/{project}/sslpolicies', { params: { path: { project } }, body: { name: 'flow-tls' } }),
          read: () => core.GET('/projects/{project}/sslpolicies/{name}', { params: at('flow-tls') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/sslpolicies/{name}', {
              params: { ...at('flow-tls'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/sslpolicies/{name}', {
              params: { ...at('flow-tls'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'access-tokens',
        {
          create: () =>
            core.POST('/projects/{project}/access-tokens', {
              params: { path: { project } },
              body: { name: 'flow-access' },
            }),
          read: () => core.GET('/projects/{project}/access-tokens/{name}', { params: at('flow-access') }),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/access-tokens/{name}', {
              params: { ...at('flow-access'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/projects/{project}/access-tokens/{name}', {
              params: { ...at('flow-access'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
      [
        'le-cert',
        {
          create: () =>
            acme.POST('/projects/{project}/le-cert', {
              params: { path: { project } },
              body: { name: 'flow-cert', domains: ['shop.example.com'] },
            }),
          read: () => acme.GET('/projects/{project}/le-cert/{name}', { params: at('flow-cert') }),
          change: (ifMatch) =>
            acme.PATCH('/projects/{project}/le-cert/{name}', {
              params: { ...at('flow-cert'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            acme.DELETE('/projects/{project}/le-cert/{name}', {
              params: { ...at('flow-cert'), header: { 'If-Match': ifMatch } },
            }),
        },
      ],
    ]
    for (const [type, flow] of flows) {
      await expect(
        roundTrip(flow).catch((error: Error) => Promise.reject(new Error(`${type}: ${error.message}`))),
      ).resolves.toBeUndefined()
    }
  })

  it('does the same for every platform resource type', async () => {
    const { auth, core } = clients()
    const at = (name: string) => ({ path: { name } })
    const change = { display_name: CHANGED }
    const flows: [string, Flow][] = [
      [
        'organizations',
        {
          create: () => auth.POST('/organizations', { body: { name: 'flow-org' } }),
          read: () => auth.GET('/organizations/{name}', { params: at('flow-org') }),
          change: (ifMatch) =>
            auth.PATCH('/organizations/{name}', {
              params: { ...at('flow-org'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            auth.DELETE('/organizations/{name}', { params: { ...at('flow-org'), header: { 'If-Match': ifMatch } } }),
        },
      ],
      [
        'customers',
        {
          create: () => auth.POST('/customers', { body: { name: 'flow-customer', organization: 'acme' } }),
          read: () => auth.GET('/customers/{name}', { params: at('flow-customer') }),
          change: (ifMatch) =>
            auth.PATCH('/customers/{name}', {
              params: { ...at('flow-customer'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            auth.DELETE('/customers/{name}', { params: { ...at('flow-customer'), header: { 'If-Match': ifMatch } } }),
        },
      ],
      [
        'projects',
        {
          create: () => auth.POST('/projects', { body: { name: 'flow-project', customer: 'acme-retail' } }),
          read: () => auth.GET('/projects/{name}', { params: at('flow-project') }),
          change: (ifMatch) =>
            auth.PATCH('/projects/{name}', {
              params: { ...at('flow-project'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            auth.DELETE('/projects/{name}', { params: { ...at('flow-project'), header: { 'If-Match': ifMatch } } }),
        },
      ],
      [
        'users',
        {
          create: () => auth.POST('/users', { body: { email: 'flow@example.com' } }),
          read: () => auth.GET('/users/{name}', { params: at('flow@example.com') }),
          change: (ifMatch) =>
            auth.PATCH('/users/{name}', {
              params: { ...at('flow@example.com'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            auth.DELETE('/users/{name}', { params: { ...at('flow@example.com'), header: { 'If-Match': ifMatch } } }),
        },
      ],
      [
        'tokens',
        {
          create: () =>
            auth.POST('/tokens', { body: { name: 'flow-token', owner: ADMIN, permissions: ['wadp.websites.list'] } }),
          read: () => auth.GET('/tokens/{name}', { params: at('flow-token') }),
          change: (ifMatch) =>
            auth.PATCH('/tokens/{name}', {
              params: { ...at('flow-token'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            auth.DELETE('/tokens/{name}', { params: { ...at('flow-token'), header: { 'If-Match': ifMatch } } }),
        },
      ],
      [
        'sso-groups-roles',
        {
          create: () =>
            auth.POST('/sso-groups-roles', { body: { name: 'flow-sso', group: 'flow-group', role: 'viewer' } }),
          read: () => auth.GET('/sso-groups-roles/{name}', { params: at('flow-sso') }),
          change: (ifMatch) =>
            auth.PATCH('/sso-groups-roles/{name}', {
              params: { ...at('flow-sso'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            auth.DELETE('/sso-groups-roles/{name}', { params: { ...at('flow-sso'), header: { 'If-Match': ifMatch } } }),
        },
      ],
      [
        'pools',
        {
          create: () => core.POST('/pools', { body: { name: 'flow-pool' } }),
          read: () => core.GET('/pools/{name}', { params: at('flow-pool') }),
          change: (ifMatch) =>
            core.PATCH('/pools/{name}', {
              params: { ...at('flow-pool'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/pools/{name}', { params: { ...at('flow-pool'), header: { 'If-Match': ifMatch } } }),
        },
      ],
      [
        'nodes',
        {
          create: () =>
            core.POST('/nodes', {
              body: { name: 'flow-node', hostname: 'flow-node.edge.wadp.example', pop_code: 'par', country: 'fr' },
            }),
          read: () => core.GET('/nodes/{name}', { params: at('flow-node') }),
          change: (ifMatch) =>
            core.PATCH('/nodes/{name}', {
              params: { ...at('flow-node'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/nodes/{name}', { params: { ...at('flow-node'), header: { 'If-Match': ifMatch } } }),
        },
      ],
      [
        'access-list',
        {
          create: () => core.POST('/access-list', { body: { name: 'flow-block', value: '192.0.2.7' } }),
          read: () => core.GET('/access-list/{name}', { params: at('flow-block') }),
          change: (ifMatch) =>
            core.PATCH('/access-list/{name}', {
              params: { ...at('flow-block'), header: { 'If-Match': ifMatch } },
              body: change,
            }),
          remove: (ifMatch) =>
            core.DELETE('/access-list/{name}', { params: { ...at('flow-block'), header: { 'If-Match': ifMatch } } }),
        },
      ],
    ]
    for (const [type, flow] of flows) {
      await expect(
        roundTrip(flow).catch((error: Error) => Promise.reject(new Error(`${type}: ${error.message}`))),
      ).resolves.toBeUndefined()
    }
  })
})
