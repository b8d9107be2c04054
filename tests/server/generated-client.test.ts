import createClient from 'openapi-fetch'
import { beforeAll, describe, expect, it } from 'vitest'
import { TYPE_CATALOGUE } from '../../src/types/registry.ts'
import type { paths as AcmePaths } from '../client/acme.gen.ts'
import type { paths as AuthPaths } from '../client/auth.gen.ts'
import type { paths as CorePaths } from '../client/core.gen.ts'
import { documentsOf, staleClientTypes } from '../tools/api-client.ts'
import { ADMIN_TOKEN, setUpPlatform } from './support.ts'

/**
 * A client generated from the OpenAPI documents alone (openapi-typescript's types, openapi-fetch) works
 * against the server: for every resource type, create → read → change with the ETag read as If-Match →
 * the same stale If-Match refused with 409 → replace → delete → gone. Each call below is typed by the
 * generated `paths`: a path, a header or a body field the documents do not declare does not compile.
 *
 * Every body sent is the example the document gives its operation (`src/types/<type>/example.ts`), and
 * every answer is held to the answer's example: an example the server refuses, or an answer example
 * that says otherwise than the server, fails here.
 */
const platform = setUpPlatform()
const project = 'shop'

type Service = 'auth' | 'core' | 'acme'
type Media = { example?: unknown }
type DocOperation = {
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, { content?: Record<string, Media> }>
}
const documents = new Map<string, { paths: Record<string, Record<string, DocOperation>> }>()

beforeAll(async () => {
  for (const [service, document] of await documentsOf(platform.url))
    documents.set(service, document as { paths: Record<string, Record<string, DocOperation>> })
})

function operationOf(service: Service, path: string, method: string): DocOperation {
  const operation = documents.get(service)?.paths[path]?.[method]
  if (!operation) throw new Error(`${service} documents no ${method} ${path}`)
  return operation
}

/** The JSON body of an operation of the generated `paths`. */
type BodyOf<Item, M extends string> = Item extends {
  [K in M]: { requestBody?: { content: { 'application/json': infer B } } }
}
  ? B
  : never

/** The request body example the document gives an operation, typed as the client sends it. */
const example =
  <P>(service: Service) =>
  <Path extends keyof P & string, M extends 'post' | 'put' | 'patch'>(path: Path, method: M): BodyOf<P[Path], M> => {
    const body = operationOf(service, path, method).requestBody?.content['application/json']?.example
    if (body === undefined) throw new Error(`${service} ${method} ${path} has no request example`)
    return body as BodyOf<P[Path], M>
  }
const authExample = example<AuthPaths>('auth')
const coreExample = example<CorePaths>('core')
const acmeExample = example<AcmePaths>('acme')

/** The answer example the document gives an operation's success. */
function answerExample(service: Service, path: string, method: string, status: number): { data: Stored } {
  const answer = operationOf(service, path, method).responses[String(status)]?.content?.['application/json']?.example
  if (answer === undefined) throw new Error(`${service} ${method} ${path} has no ${status} answer example`)
  return answer as { data: Stored }
}

const clients = () => {
  const headers = { authorization: `Bearer ${ADMIN_TOKEN}` }
  // Through the platform's fetch: every answer is checked against the documents, as `platform.call`'s.
  const fetch = (request: Request) => platform.fetch(request)
  return {
    auth: createClient<AuthPaths>({ baseUrl: `${platform.url}/api/auth/v0`, headers, fetch }),
    core: createClient<CorePaths>({ baseUrl: `${platform.url}/api/core/v0`, headers, fetch }),
    acme: createClient<AcmePaths>({ baseUrl: `${platform.url}/api/acme/v0`, headers, fetch }),
  }
}

type Stored = { [field: string]: unknown; revision: number }
type Answer = { data?: { data: Stored }; error?: unknown; response: Response }

/** One resource's round trip through the typed client; each step is a call typed by the documents. */
type Flow = {
  create(): Promise<Answer>
  read(): Promise<Answer>
  change(ifMatch: string): Promise<Answer>
  /** PUT, for the types that have it. */
  replace?(ifMatch: string): Promise<Answer>
  remove(ifMatch: string): Promise<Answer>
}

/** What the documents say of a type: its service, its paths, and the bodies its examples send. */
type Documented = { service: Service; collection: string; item: string }

/**
 * Fields an answer example cannot know: when and by whom, a secret and what is derived from it, what the
 * clock moves on (expiry, a node's heartbeat and revisions).
 */
const UNKNOWABLE = [
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'prefix',
  'token',
  'expires_at',
  'last_used_at',
  'last_seen_at',
  'applied_revision',
  'target_revision',
  'sync_state',
]

function knowable(record: Stored, without: string[] = []): Partial<Stored> {
  return Object.fromEntries(Object.entries(record).filter(([field]) => ![...UNKNOWABLE, ...without].includes(field)))
}

/** A body's fields as an answer shows them: a write-only field is only said to be set (`secret_set`). */
function shown(body: unknown, answer: Stored): Partial<Stored> {
  return Object.fromEntries(Object.entries(body as Stored).filter(([field]) => !(`${field}_set` in answer)))
}

async function roundTrip(flow: Flow, { service, collection, item }: Documented) {
  const bodyOf = (path: string, method: string) =>
    operationOf(service, path, method).requestBody?.content['application/json']?.example
  const step = (what: string, answer?: Answer) =>
    `${collection}, ${what}${answer?.error ? `: ${JSON.stringify(answer.error)}` : ''}`

  const created = await flow.create()
  expect(created.response.status, step('create', created)).toBe(201)
  const etag = created.response.headers.get('etag') as string
  const record = created.data?.data as Stored
  expect(etag, step('create')).toBe(`"${record.revision}"`)
  expect(record, step('create')).toMatchObject(shown(bodyOf(collection, 'post'), record))
  expect(knowable(record), step('create: the answer example')).toEqual(
    knowable(answerExample(service, collection, 'post', 201).data),
  )

  const read = await flow.read()
  expect(read.response.status, step('read')).toBe(200)
  expect(read.response.headers.get('etag'), step('read')).toBe(etag)
  // What uses it and what it uses are the demo platform's, which the example does not show.
  expect(knowable(read.data?.data as Stored, LINKS), step('read: the answer example')).toEqual(
    knowable(answerExample(service, item, 'get', 200).data, LINKS),
  )

  const changed = await flow.change(etag)
  expect(changed.response.status, step('change', changed)).toBe(200)
  let current = changed.data?.data as Stored
  expect(current, step('change')).toMatchObject(shown(bodyOf(item, 'patch'), current))
  expect(knowable(current), step('change: the answer example')).toEqual(
    knowable(answerExample(service, item, 'patch', 200).data),
  )
  expect(changed.response.headers.get('etag'), step('change')).toBe(`"${current.revision}"`)

  // The ETag read before the change is stale now: refused, with the resource as it is in `data`.
  const stale = await flow.change(etag)
  expect(stale.response.status, step('stale change')).toBe(409)
  expect((stale.error as { data: Stored }).data.revision, step('stale change')).toBe(current.revision)

  if (flow.replace) {
    const replaced = await flow.replace(`"${current.revision}"`)
    expect(replaced.response.status, step('replace', replaced)).toBe(200)
    current = replaced.data?.data as Stored
    // The PUT's body is the create's with the PATCH's fields: the same resource as the PATCH left it.
    expect(knowable(current, ['revision']), step('replace: the answer example')).toEqual(
      knowable(answerExample(service, item, 'put', 200).data, ['revision']),
    )
  }

  const removed = await flow.remove(`"${current.revision}"`)
  expect(removed.response.status, step('remove', removed)).toBe(204)
  expect((await flow.read()).response.status, step('read after the delete')).toBe(404)
}

const LINKS = ['referenced_by', 'uses']

/** The collections whose round trip passed, against the registry's list at the end. */
const passed = new Set<string>()

async function roundTrips(flows: [Documented, Flow][]) {
  for (const [documented, flow] of flows) {
    await roundTrip(flow, documented)
    passed.add(`${documented.service} ${documented.collection}`)
  }
}

/** The name of the resource a create example makes (a user is named by its e-mail). */
const nameOf = (body: { name?: string; email?: string }) => body.name ?? body.email ?? ''

describe('a client generated from the OpenAPI documents', () => {
  it('is generated from the documents the server serves now (npm run api-types writes it)', async () => {
    expect(await staleClientTypes(platform.url)).toEqual([])
  })

  it('creates, reads, changes with If-Match, meets a conflict, replaces and deletes every project resource type, each from its documented examples', async () => {
    const { core, acme } = clients()
    const collection = { params: { path: { project } } }
    const at = (name: string) => ({ params: { path: { project, name } } })
    const matching = (name: string, ifMatch: string) => ({
      params: { path: { project, name }, header: { 'If-Match': ifMatch } },
    })
    const coreType = (collection: string, item: string): Documented => ({ service: 'core', collection, item })

    const director = coreExample('/projects/{project}/directors', 'post')
    const website = coreExample('/projects/{project}/websites', 'post')
    const rule = coreExample('/projects/{project}/pagerules', 'post')
    const snippet = coreExample('/projects/{project}/codesnippets', 'post')
    const synthetic = coreExample('/projects/{project}/synthetics', 'post')
    const waf = coreExample('/projects/{project}/wafconfigs', 'post')
    const ips = coreExample('/projects/{project}/iplists', 'post')
    const limit = coreExample('/projects/{project}/ratelimits', 'post')
    const challenge = coreExample('/projects/{project}/challenges', 'post')
    const tls = coreExample('/projects/{project}/sslpolicies', 'post')
    const access = coreExample('/projects/{project}/access-tokens', 'post')
    const cert = acmeExample('/projects/{project}/le-cert', 'post')

    await roundTrips([
      [
        coreType('/projects/{project}/directors', '/projects/{project}/directors/{name}'),
        {
          create: () => core.POST('/projects/{project}/directors', { ...collection, body: director }),
          read: () => core.GET('/projects/{project}/directors/{name}', at(director.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/directors/{name}', {
              ...matching(director.name, ifMatch),
              body: coreExample('/projects/{project}/directors/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/directors/{name}', {
              ...matching(director.name, ifMatch),
              body: coreExample('/projects/{project}/directors/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/directors/{name}', matching(director.name, ifMatch)),
        },
      ],
      [
        coreType('/projects/{project}/websites', '/projects/{project}/websites/{name}'),
        {
          create: () => core.POST('/projects/{project}/websites', { ...collection, body: website }),
          read: () => core.GET('/projects/{project}/websites/{name}', at(website.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/websites/{name}', {
              ...matching(website.name, ifMatch),
              body: coreExample('/projects/{project}/websites/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/websites/{name}', {
              ...matching(website.name, ifMatch),
              body: coreExample('/projects/{project}/websites/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/websites/{name}', matching(website.name, ifMatch)),
        },
      ],
      [
        coreType('/projects/{project}/pagerules', '/projects/{project}/pagerules/{name}'),
        {
          create: () => core.POST('/projects/{project}/pagerules', { ...collection, body: rule }),
          read: () => core.GET('/projects/{project}/pagerules/{name}', at(rule.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/pagerules/{name}', {
              ...matching(rule.name, ifMatch),
              body: coreExample('/projects/{project}/pagerules/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/pagerules/{name}', {
              ...matching(rule.name, ifMatch),
              body: coreExample('/projects/{project}/pagerules/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/pagerules/{name}', matching(rule.name, ifMatch)),
        },
      ],
      [
        coreType('/projects/{project}/codesnippets', '/projects/{project}/codesnippets/{name}'),
        {
          create: () => core.POST('/projects/{project}/codesnippets', { ...collection, body: snippet }),
          read: () => core.GET('/projects/{project}/codesnippets/{name}', at(snippet.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/codesnippets/{name}', {
              ...matching(snippet.name, ifMatch),
              body: coreExample('/projects/{project}/codesnippets/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/codesnippets/{name}', {
              ...matching(snippet.name, ifMatch),
              body: coreExample('/projects/{project}/codesnippets/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/codesnippets/{name}', matching(snippet.name, ifMatch)),
        },
      ],
      [
        coreType('/projects/{project}/synthetics', '/projects/{project}/synthetics/{name}'),
        {
          create: () => core.POST('/projects/{project}/synthetics', { ...collection, body: synthetic }),
          read: () => core.GET('/projects/{project}/synthetics/{name}', at(synthetic.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/synthetics/{name}', {
              ...matching(synthetic.name, ifMatch),
              body: coreExample('/projects/{project}/synthetics/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/synthetics/{name}', {
              ...matching(synthetic.name, ifMatch),
              body: coreExample('/projects/{project}/synthetics/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/synthetics/{name}', matching(synthetic.name, ifMatch)),
        },
      ],
      [
        coreType('/projects/{project}/wafconfigs', '/projects/{project}/wafconfigs/{name}'),
        {
          create: () => core.POST('/projects/{project}/wafconfigs', { ...collection, body: waf }),
          read: () => core.GET('/projects/{project}/wafconfigs/{name}', at(waf.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/wafconfigs/{name}', {
              ...matching(waf.name, ifMatch),
              body: coreExample('/projects/{project}/wafconfigs/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/wafconfigs/{name}', {
              ...matching(waf.name, ifMatch),
              body: coreExample('/projects/{project}/wafconfigs/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/wafconfigs/{name}', matching(waf.name, ifMatch)),
        },
      ],
      [
        coreType('/projects/{project}/iplists', '/projects/{project}/iplists/{name}'),
        {
          create: () => core.POST('/projects/{project}/iplists', { ...collection, body: ips }),
          read: () => core.GET('/projects/{project}/iplists/{name}', at(ips.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/iplists/{name}', {
              ...matching(ips.name, ifMatch),
              body: coreExample('/projects/{project}/iplists/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/iplists/{name}', {
              ...matching(ips.name, ifMatch),
              body: coreExample('/projects/{project}/iplists/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/iplists/{name}', matching(ips.name, ifMatch)),
        },
      ],
      [
        coreType('/projects/{project}/ratelimits', '/projects/{project}/ratelimits/{name}'),
        {
          create: () => core.POST('/projects/{project}/ratelimits', { ...collection, body: limit }),
          read: () => core.GET('/projects/{project}/ratelimits/{name}', at(limit.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/ratelimits/{name}', {
              ...matching(limit.name, ifMatch),
              body: coreExample('/projects/{project}/ratelimits/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/ratelimits/{name}', {
              ...matching(limit.name, ifMatch),
              body: coreExample('/projects/{project}/ratelimits/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/ratelimits/{name}', matching(limit.name, ifMatch)),
        },
      ],
      [
        coreType('/projects/{project}/challenges', '/projects/{project}/challenges/{name}'),
        {
          create: () => core.POST('/projects/{project}/challenges', { ...collection, body: challenge }),
          read: () => core.GET('/projects/{project}/challenges/{name}', at(challenge.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/challenges/{name}', {
              ...matching(challenge.name, ifMatch),
              body: coreExample('/projects/{project}/challenges/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/challenges/{name}', {
              ...matching(challenge.name, ifMatch),
              body: coreExample('/projects/{project}/challenges/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/challenges/{name}', matching(challenge.name, ifMatch)),
        },
      ],
      [
        coreType('/projects/{project}/sslpolicies', '/projects/{project}/sslpolicies/{name}'),
        {
          create: () => core.POST('/projects/{project}/sslpolicies', { ...collection, body: tls }),
          read: () => core.GET('/projects/{project}/sslpolicies/{name}', at(tls.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/sslpolicies/{name}', {
              ...matching(tls.name, ifMatch),
              body: coreExample('/projects/{project}/sslpolicies/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/sslpolicies/{name}', {
              ...matching(tls.name, ifMatch),
              body: coreExample('/projects/{project}/sslpolicies/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/sslpolicies/{name}', matching(tls.name, ifMatch)),
        },
      ],
      [
        coreType('/projects/{project}/access-tokens', '/projects/{project}/access-tokens/{name}'),
        {
          create: () => core.POST('/projects/{project}/access-tokens', { ...collection, body: access }),
          read: () => core.GET('/projects/{project}/access-tokens/{name}', at(access.name)),
          change: (ifMatch) =>
            core.PATCH('/projects/{project}/access-tokens/{name}', {
              ...matching(access.name, ifMatch),
              body: coreExample('/projects/{project}/access-tokens/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/projects/{project}/access-tokens/{name}', {
              ...matching(access.name, ifMatch),
              body: coreExample('/projects/{project}/access-tokens/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/projects/{project}/access-tokens/{name}', matching(access.name, ifMatch)),
        },
      ],
      [
        // A certificate has no PUT: only its renewal settings change.
        { service: 'acme', collection: '/projects/{project}/le-cert', item: '/projects/{project}/le-cert/{name}' },
        {
          create: () => acme.POST('/projects/{project}/le-cert', { ...collection, body: cert }),
          read: () => acme.GET('/projects/{project}/le-cert/{name}', at(cert.name)),
          change: (ifMatch) =>
            acme.PATCH('/projects/{project}/le-cert/{name}', {
              ...matching(cert.name, ifMatch),
              body: acmeExample('/projects/{project}/le-cert/{name}', 'patch'),
            }),
          remove: (ifMatch) => acme.DELETE('/projects/{project}/le-cert/{name}', matching(cert.name, ifMatch)),
        },
      ],
    ])
  })

  it('does the same for every platform resource type', async () => {
    const { auth, core } = clients()
    const at = (name: string) => ({ params: { path: { name } } })
    const matching = (name: string, ifMatch: string) => ({
      params: { path: { name }, header: { 'If-Match': ifMatch } },
    })
    const authType = (collection: string): Documented => ({ service: 'auth', collection, item: `${collection}/{name}` })
    const coreType = (collection: string): Documented => ({ service: 'core', collection, item: `${collection}/{name}` })

    const organization = authExample('/organizations', 'post')
    const customer = authExample('/customers', 'post')
    const projectBody = authExample('/projects', 'post')
    const user = authExample('/users', 'post')
    const token = authExample('/tokens', 'post')
    const mapping = authExample('/sso-groups-roles', 'post')
    const pool = coreExample('/pools', 'post')
    const node = coreExample('/nodes', 'post')
    const entry = coreExample('/access-list', 'post')

    await roundTrips([
      [
        authType('/organizations'),
        {
          create: () => auth.POST('/organizations', { body: organization }),
          read: () => auth.GET('/organizations/{name}', at(organization.name)),
          change: (ifMatch) =>
            auth.PATCH('/organizations/{name}', {
              ...matching(organization.name, ifMatch),
              body: authExample('/organizations/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            auth.PUT('/organizations/{name}', {
              ...matching(organization.name, ifMatch),
              body: authExample('/organizations/{name}', 'put'),
            }),
          remove: (ifMatch) => auth.DELETE('/organizations/{name}', matching(organization.name, ifMatch)),
        },
      ],
      [
        authType('/customers'),
        {
          create: () => auth.POST('/customers', { body: customer }),
          read: () => auth.GET('/customers/{name}', at(customer.name)),
          change: (ifMatch) =>
            auth.PATCH('/customers/{name}', {
              ...matching(customer.name, ifMatch),
              body: authExample('/customers/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            auth.PUT('/customers/{name}', {
              ...matching(customer.name, ifMatch),
              body: authExample('/customers/{name}', 'put'),
            }),
          remove: (ifMatch) => auth.DELETE('/customers/{name}', matching(customer.name, ifMatch)),
        },
      ],
      [
        authType('/projects'),
        {
          create: () => auth.POST('/projects', { body: projectBody }),
          read: () => auth.GET('/projects/{name}', at(projectBody.name)),
          change: (ifMatch) =>
            auth.PATCH('/projects/{name}', {
              ...matching(projectBody.name, ifMatch),
              body: authExample('/projects/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            auth.PUT('/projects/{name}', {
              ...matching(projectBody.name, ifMatch),
              body: authExample('/projects/{name}', 'put'),
            }),
          remove: (ifMatch) => auth.DELETE('/projects/{name}', matching(projectBody.name, ifMatch)),
        },
      ],
      [
        authType('/users'),
        {
          create: () => auth.POST('/users', { body: user }),
          read: () => auth.GET('/users/{name}', at(nameOf(user))),
          change: (ifMatch) =>
            auth.PATCH('/users/{name}', {
              ...matching(nameOf(user), ifMatch),
              body: authExample('/users/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            auth.PUT('/users/{name}', {
              ...matching(nameOf(user), ifMatch),
              body: authExample('/users/{name}', 'put'),
            }),
          remove: (ifMatch) => auth.DELETE('/users/{name}', matching(nameOf(user), ifMatch)),
        },
      ],
      [
        authType('/tokens'),
        {
          create: () => auth.POST('/tokens', { body: token }),
          read: () => auth.GET('/tokens/{name}', at(token.name)),
          change: (ifMatch) =>
            auth.PATCH('/tokens/{name}', {
              ...matching(token.name, ifMatch),
              body: authExample('/tokens/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            auth.PUT('/tokens/{name}', {
              ...matching(token.name, ifMatch),
              body: authExample('/tokens/{name}', 'put'),
            }),
          remove: (ifMatch) => auth.DELETE('/tokens/{name}', matching(token.name, ifMatch)),
        },
      ],
      [
        authType('/sso-groups-roles'),
        {
          create: () => auth.POST('/sso-groups-roles', { body: mapping }),
          read: () => auth.GET('/sso-groups-roles/{name}', at(mapping.name)),
          change: (ifMatch) =>
            auth.PATCH('/sso-groups-roles/{name}', {
              ...matching(mapping.name, ifMatch),
              body: authExample('/sso-groups-roles/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            auth.PUT('/sso-groups-roles/{name}', {
              ...matching(mapping.name, ifMatch),
              body: authExample('/sso-groups-roles/{name}', 'put'),
            }),
          remove: (ifMatch) => auth.DELETE('/sso-groups-roles/{name}', matching(mapping.name, ifMatch)),
        },
      ],
      [
        coreType('/pools'),
        {
          create: () => core.POST('/pools', { body: pool }),
          read: () => core.GET('/pools/{name}', at(pool.name)),
          change: (ifMatch) =>
            core.PATCH('/pools/{name}', {
              ...matching(pool.name, ifMatch),
              body: coreExample('/pools/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/pools/{name}', { ...matching(pool.name, ifMatch), body: coreExample('/pools/{name}', 'put') }),
          remove: (ifMatch) => core.DELETE('/pools/{name}', matching(pool.name, ifMatch)),
        },
      ],
      [
        coreType('/nodes'),
        {
          create: () => core.POST('/nodes', { body: node }),
          read: () => core.GET('/nodes/{name}', at(node.name)),
          change: (ifMatch) =>
            core.PATCH('/nodes/{name}', {
              ...matching(node.name, ifMatch),
              body: coreExample('/nodes/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/nodes/{name}', { ...matching(node.name, ifMatch), body: coreExample('/nodes/{name}', 'put') }),
          remove: (ifMatch) => core.DELETE('/nodes/{name}', matching(node.name, ifMatch)),
        },
      ],
      [
        coreType('/access-list'),
        {
          create: () => core.POST('/access-list', { body: entry }),
          read: () => core.GET('/access-list/{name}', at(entry.name)),
          change: (ifMatch) =>
            core.PATCH('/access-list/{name}', {
              ...matching(entry.name, ifMatch),
              body: coreExample('/access-list/{name}', 'patch'),
            }),
          replace: (ifMatch) =>
            core.PUT('/access-list/{name}', {
              ...matching(entry.name, ifMatch),
              body: coreExample('/access-list/{name}', 'put'),
            }),
          remove: (ifMatch) => core.DELETE('/access-list/{name}', matching(entry.name, ifMatch)),
        },
      ],
    ])
  })

  it('has made the round trip of every resource type of the registry (a new type adds its flow above)', () => {
    const every = TYPE_CATALOGUE.filter((entry) => !entry.feature).map(
      (entry) =>
        `${entry.service} ${entry.scope === 'project' ? `/projects/{project}/${entry.type}` : `/${entry.type}`}`,
    )
    expect([...passed].sort()).toEqual(every.sort())
  })
})
