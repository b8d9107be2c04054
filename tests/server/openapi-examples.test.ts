import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { OpenApiDocument, operationsOf } from '../../src/domain/api-docs.ts'
import { TYPE_CATALOGUE } from '../../src/types/registry.ts'
import { SERVICES } from './contract.ts'
import { setUpPlatform } from './support.ts'

/**
 * The examples of the OpenAPI documents (docs/api.md, "Examples"): every one is valid by the schema it
 * illustrates, every body a caller sends has one (but the few named below), and the server takes each
 * request example as it is. The resource types' examples are sent by tests/server/generated-client.test.ts,
 * which creates, changes and replaces every type with them; the others are sent here.
 */
const platform = setUpPlatform()

type Media = { schema?: Record<string, unknown>; example?: unknown }
type Operation = {
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, { content?: Record<string, Media> }>
}
type Document = { paths: Record<string, Record<string, Operation>> }

const documents = new Map<string, Document>()

beforeAll(async () => {
  for (const service of SERVICES) {
    const response = await platform.fetch(`/api/${service}/v0/openapi.json`)
    expect(response.status, `${service} openapi.json`).toBe(200)
    documents.set(service, (await response.json()) as Document)
  }
})

function operations() {
  return [...documents].flatMap(([service, doc]) =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ service, method, path, operation })),
    ),
  )
}

const json = (operation: Operation) => operation.requestBody?.content['application/json']

/**
 * The bodies without an example, and why: what the edge agent sends of itself, a whole backup document
 * (the download of another backup), a restore's revision (only a dry run gives it), a renewal's empty body.
 */
const WITHOUT_EXAMPLE = [
  'core post /edge/nodes/{name}/report',
  'core post /edge/nodes/{name}/traffic',
  'core post /edge/nodes/{name}/stats',
  'core post /edge/nodes/{name}/invalidations',
  'core post /projects/{project}/backups/import',
  'core post /projects/{project}/backups/{name}/restore',
  'acme post /projects/{project}/le-cert/{name}/renew',
]

/**
 * The request examples of the operations that are no resource type's create or update, as the server
 * takes them here: the path's parameters in the demo platform, and If-Match `*` where the operation
 * checks one. A sign-in's example token is none the platform issued: the schema alone checks it.
 */
const SENT: Record<string, { path: string; status: number } | 'not sent'> = {
  'auth post /login': 'not sent',
  'core post /projects/{project}/quick-setup': { path: '/projects/shop/quick-setup', status: 201 },
  'core post /projects/{project}/iplists/{name}/import': {
    path: '/projects/shop/iplists/office-network/import',
    status: 200,
  },
  'core post /nodes/maintenance': { path: '/nodes/maintenance', status: 200 },
  'core post /access-list/import': { path: '/access-list/import', status: 200 },
  'core post /projects/{project}/backups': { path: '/projects/shop/backups', status: 202 },
  'purge post /projects/{project}/purge': { path: '/projects/shop/purge', status: 202 },
  'stats post /queries': { path: '/queries', status: 200 },
}

/** Every resource type's generic operations (`registerResource`), as `service method path`. */
const RESOURCE_OPERATIONS = TYPE_CATALOGUE.filter((entry) => !entry.feature).flatMap((entry) => {
  const collection = entry.scope === 'project' ? `/projects/{project}/${entry.type}` : `/${entry.type}`
  const at = (method: string, path: string) => `${entry.service} ${method} ${path}`
  return [
    at('get', collection),
    at('post', collection),
    at('get', `${collection}/{name}`),
    at('put', `${collection}/{name}`),
    at('patch', `${collection}/{name}`),
  ]
})

/** A resource type's create, replace and change: sent by the generated client's flows. */
const isResourceWrite = (service: string, method: string, path: string) =>
  method !== 'get' && RESOURCE_OPERATIONS.includes(`${service} ${method} ${path}`)

describe('the examples of the OpenAPI documents', () => {
  // First, right after the documents are read: a test that compiles every schema holds the event loop for
  // seconds, long enough for the server to close the client's idle keep-alive connection as a POST goes out.
  it('are taken by the server as they are', async () => {
    for (const [operation, sent] of Object.entries(SENT)) {
      if (sent === 'not sent') continue
      const [service = '', method = '', path = ''] = operation.split(' ')
      const body = json(documents.get(service)?.paths[path]?.[method] as Operation)?.example
      const answer = await platform.call(method.toUpperCase(), `/api/${service}/v0${sent.path}`, {
        body,
        headers: { 'if-match': '*' },
      })
      expect(answer.status, `${operation}: ${JSON.stringify(answer.body)}`).toBe(sent.status)
    }
    // The maintenance example took two nodes out: they come back.
    const back = await platform.call('POST', '/api/core/v0/nodes/maintenance', {
      body: { nodes: ['pop-fr-par-1', 'pop-fr-par-2'], maintenance: false },
    })
    expect(back.status).toBe(200)
  })
  it('are valid by the schema they illustrate, requests and answers alike', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }))
    const shown = operations().flatMap(({ service, method, path, operation }) => [
      ...(json(operation)?.example === undefined
        ? []
        : [{ what: `${service} ${method} ${path} request`, media: json(operation) }]),
      ...Object.entries(operation.responses).flatMap(([status, response]) => {
        const media = response.content?.['application/json']
        return media?.example === undefined ? [] : [{ what: `${service} ${method} ${path} → ${status}`, media }]
      }),
    ])
    // Requests and answers of every resource type, and the other operations' requests.
    expect(shown.length).toBeGreaterThan(RESOURCE_OPERATIONS.length)
    const invalid = shown.flatMap(({ what, media }) => {
      const validate = ajv.compile(media?.schema ?? {})
      return validate(media?.example)
        ? []
        : (validate.errors ?? []).map((error) => `${what}: ${error.instancePath} ${error.message}`)
    })
    expect(invalid).toEqual([])
  })

  it('give every resource type a create, a change and a replace example, and its answers', () => {
    const documented = operations().filter(({ service, method, path }) =>
      RESOURCE_OPERATIONS.includes(`${service} ${method} ${path}`),
    )
    // Every type's, but a certificate's PUT: only its renewal settings change, by PATCH.
    expect(documented.length).toBe(RESOURCE_OPERATIONS.length - 1)
    const missing = documented.flatMap(({ service, method, path, operation }) => {
      const answer = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1]
      return [
        ...(method !== 'get' && json(operation)?.example === undefined ? [`${service} ${method} ${path} request`] : []),
        ...(answer?.content?.['application/json']?.example === undefined
          ? [`${service} ${method} ${path} answer`]
          : []),
      ]
    })
    expect(missing).toEqual([])
  })

  it('give every other body a caller sends one, but the few named', () => {
    const withBody = operations().filter(({ operation }) => json(operation))
    const missing = withBody
      .filter(({ operation }) => json(operation)?.example === undefined)
      .map(({ service, method, path }) => `${service} ${method} ${path}`)
    expect(missing.sort()).toEqual([...WITHOUT_EXAMPLE].sort())
    const others = withBody
      .filter(
        ({ service, method, path, operation }) =>
          json(operation)?.example !== undefined && !isResourceWrite(service, method, path),
      )
      .map(({ service, method, path }) => `${service} ${method} ${path}`)
    expect(others.sort()).toEqual(Object.keys(SENT).sort())
  })

  it('are what the API docs page’s Try it starts from', () => {
    const core = operationsOf('core', v.parse(OpenApiDocument, documents.get('core'))).flatMap(
      (group) => group.operations,
    )
    const create = core.find((op) => op.method === 'post' && op.path === '/projects/{project}/websites')
    expect(create?.bodyExample).toEqual(
      json(documents.get('core')?.paths['/projects/{project}/websites']?.post as Operation)?.example,
    )
    expect(create?.bodyExample).toMatchObject({ domain_name: expect.stringMatching(/\.example\.com$/) })
  })
})
