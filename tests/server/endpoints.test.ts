import { describe, expect, it } from 'vitest'
import { createServices } from '../../server/app.ts'
import { grants } from '../../src/domain/permissions.ts'
import { PLATFORM_TYPES } from '../../src/platform/types.ts'
import { setUpPlatform, VIEWER } from './support.ts'

/**
 * Checks generated from the route registry itself, so an endpoint added later is covered too: every
 * endpoint that needs a token refuses a request without one, every permission-guarded endpoint
 * refuses a token without that permission, and every endpoint naming a project or a resource answers
 * 404 for one that does not exist and 400 for a malformed name.
 */
const platform = setUpPlatform()

type Operation = { service: string; method: string; path: string; permissions: string[] | null; isPublic: boolean }

function operations(): Operation[] {
  return createServices(platform.server.ctx, PLATFORM_TYPES.servers).flatMap((router) =>
    router.operations.map((op) => ({
      service: router.service,
      method: op.method.toUpperCase(),
      path: op.path,
      permissions: 'permission' in op.access ? [op.access.permission].flat() : null,
      isPublic: 'public' in op.access,
    })),
  )
}

function url(op: Operation, values: { project: string; name: string }) {
  const name = op.path.startsWith('/users') ? values.name.replace(/^[^@]*$/, (n) => `${n}@example.com`) : values.name
  return `/api/${op.service}/v0${op.path.replace(':project', values.project).replace(':name', encodeURIComponent(name))}`
}

const writes = new Set(['PUT', 'PATCH', 'DELETE'])
const headersFor = (op: Operation): Record<string, string> => (writes.has(op.method) ? { 'if-match': '*' } : {})
const bodyFor = (op: Operation) => (op.method === 'GET' ? undefined : {})

describe('every endpoint', () => {
  it('knows the endpoints it checks', () => {
    expect(operations().length).toBeGreaterThan(50)
  })

  it('answers 401 without a token unless it is public', async () => {
    const failures: string[] = []
    for (const op of operations().filter((o) => !o.isPublic)) {
      const res = await platform.call(op.method, url(op, { project: 'shop', name: 'shop-origin' }), {
        token: null,
        body: bodyFor(op),
        headers: headersFor(op),
      })
      if (res.status !== 401) failures.push(`${op.method} ${op.path} -> ${res.status}`)
    }
    expect(failures).toEqual([])
  })

  it('answers 403 to a token without the endpoint’s permission', async () => {
    const held = ['wadp.projects.get']
    const token = await platform.tokenFor(VIEWER, held)
    const failures: string[] = []
    for (const op of operations().filter((o) => o.permissions && !o.permissions.every((p) => grants(held, p)))) {
      const res = await platform.call(op.method, url(op, { project: 'shop', name: 'shop-origin' }), {
        token,
        body: bodyFor(op),
        headers: headersFor(op),
      })
      const missing = op.permissions?.find((p) => !grants(held, p))
      if (res.status !== 403 || res.body.message !== `missing permission ${missing}`) {
        failures.push(`${op.method} ${op.path} -> ${res.status} ${res.body?.message}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('answers 404 for a project or a resource that does not exist', async () => {
    const failures: string[] = []
    // An edge agent's calls answer 401 for any node whose secret is not sent, so that they tell nobody
    // which nodes exist (tests/server/edge-agent.test.ts).
    const named = operations().filter((o) => o.path.includes(':project') || o.path.includes(':name'))
    for (const op of named.filter((o) => !o.path.startsWith('/edge/'))) {
      const values = op.path.includes(':name')
        ? { project: 'shop', name: 'does-not-exist' }
        : { project: 'atlantis', name: 'x' }
      if (op.method === 'POST' && !op.path.includes(':name') && op.path.includes(':project'))
        values.project = 'atlantis'
      const res = await platform.call(op.method, url(op, values), { body: bodyFor(op), headers: headersFor(op) })
      if (res.status !== 404) failures.push(`${op.method} ${op.path} -> ${res.status} ${res.body?.message}`)
    }
    expect(failures).toEqual([])
  })

  it('answers 400 with a field error for a malformed project or resource name', async () => {
    const failures: string[] = []
    for (const op of operations().filter((o) => o.path.includes(':project') || o.path.includes(':name'))) {
      const field = op.path.includes(':name') ? 'name' : 'project'
      const values = { project: field === 'project' ? 'Not_A_Slug' : 'shop', name: 'Not A Name' }
      const res = await platform.call(op.method, url(op, values), { body: bodyFor(op), headers: headersFor(op) })
      const onField = res.body?.errors?.some((e: { field: string }) => e.field === field)
      if (res.status !== 400 || !onField)
        failures.push(`${op.method} ${op.path} -> ${res.status} ${JSON.stringify(res.body)}`)
    }
    expect(failures).toEqual([])
  })
})
