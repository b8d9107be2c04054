/**
 * Who reaches what (issue 29, docs/api.md "Who reaches what"): every operation of the five OpenAPI
 * documents, aimed at project `shop` and at the platform, called by six callers. The expected answer of
 * each cell comes from one rule over the operation's documented permission, never from a list of
 * operations: a 2xx (or any answer past the permission check) where the rule says no fails, and so
 * does a refusal where it says yes.
 *
 * The rule: a public operation answers everyone; an edge agent's (its node's secret) refuses everyone
 * here with 401; any other refuses a caller without a token (401). An
 * operation in a project needs its permission in that project. A platform read marked
 * `x-permission-within: projects` needs it in some project and answers for those only. Any other
 * platform operation needs the permission platform-wide, which only a caller reaching every project
 * holds: a token limited to some projects and a role granted in some projects (a scoped SSO mapping)
 * hold nothing there. Bodies are `{}` and names absent, so an allowed write fails its validation or
 * finds nothing: the permission check comes first, and its answer is what the matrix reads.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { grants } from '../../src/domain/permissions.ts'
import { oidcSignIn } from './oidc-browser.ts'
import { ADMIN, ADMIN_TOKEN, DEMO_PASSWORD, type Json, setUpPlatform } from './support.ts'

const platform = setUpPlatform()

const SERVICES = ['auth', 'core', 'purge', 'acme', 'stats'] as const
const PROJECT = 'shop'
const ABSENT = 'reach-matrix-absent'
const EVERYTHING = ['wadp.*.*']
const READ_ONLY = ['wadp.websites.list', 'wadp.websites.get', 'wadp.projects.list', 'wadp.projects.get']

/** A caller and what it holds: platform-wide (every project), and in some projects only. */
type Caller = {
  label: string
  token: () => string | null
  everywhere: string[]
  inProjects: Record<string, string[]>
}
const tokens: Record<string, string> = {}
const CALLERS: Caller[] = [
  { label: 'the unlimited admin token', token: () => ADMIN_TOKEN, everywhere: EVERYTHING, inProjects: {} },
  {
    label: 'a token limited to media with every permission',
    token: () => tokens.media ?? null,
    everywhere: [],
    inProjects: { media: EVERYTHING },
  },
  {
    label: 'a token limited to shop with every permission',
    token: () => tokens.shop ?? null,
    everywhere: [],
    inProjects: { shop: EVERYTHING },
  },
  { label: 'a read-only token', token: () => tokens.readOnly ?? null, everywhere: READ_ONLY, inProjects: {} },
  {
    label: 'an SSO user made admin in shop only by a scoped mapping',
    token: () => tokens.scoped ?? null,
    everywhere: [],
    inProjects: { shop: EVERYTHING },
  },
  { label: 'no token', token: () => null, everywhere: [], inProjects: {} },
]

type DocOperation = { 'x-permission': string; 'x-permission-within'?: string }
type Operation = { method: string; template: string; permission: string; within: boolean }

function holdsIn(caller: Caller, project: string, permission: string): boolean {
  return grants([...caller.everywhere, ...(caller.inProjects[project] ?? [])], permission)
}

/** The rule of the file's comment: whether the caller gets past the permission check. */
const nodeSecret = (op: Operation) => op.permission.startsWith("the edge agent node's own secret")

function allowed(caller: Caller, op: Operation): boolean {
  if (op.permission === 'none (public)') return true
  // Only an edge agent holds its node's secret: every caller here is refused, with 401.
  if (nodeSecret(op)) return false
  if (caller.token() === null) return false
  const inProject = op.template.includes('{project}')
  const reachesProject = caller.everywhere.length > 0 || (caller.inProjects[PROJECT] ?? []).length > 0
  if (op.permission.startsWith('authenticated; any permission in the project')) return reachesProject
  if (op.permission.endsWith("or the caller's own project") && reachesProject) return true
  if (op.permission.startsWith('authenticated; any valid token') || !op.permission.includes('.')) return true
  // `a.b.c and d.e.f`, or `authenticated; auth.users.get, or the caller's own user` (the absent name is
  // nobody's own, so only the permission counts).
  const wanted = (op.permission.replace(/^authenticated; /, '').split(',')[0] as string).split(' and ')
  if (inProject) return wanted.every((permission) => holdsIn(caller, PROJECT, permission))
  if (op.within)
    return wanted.every(
      (permission) =>
        grants(caller.everywhere, permission) ||
        Object.values(caller.inProjects).some((held) => grants(held, permission)),
    )
  return wanted.every((permission) => grants(caller.everywhere, permission))
}

async function operations(): Promise<Operation[]> {
  const found: Operation[] = []
  for (const service of SERVICES) {
    const doc = (await (await platform.fetch(`/api/${service}/v0/openapi.json`)).json()) as {
      paths: Record<string, Record<string, DocOperation>>
    }
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        found.push({
          method: method.toUpperCase(),
          template: `/api/${service}/v0${path}`,
          permission: operation['x-permission'],
          within: operation['x-permission-within'] === 'projects',
        })
      }
    }
  }
  return found
}

/**
 * The operation's path in `shop`, with names nobody holds (an email where the name is one), except that
 * reading a project names `shop` itself: a caller reaching it reads it, as its own.
 */
function pathOf(op: Operation): string {
  if (op.method === 'GET' && op.template === '/api/auth/v0/projects/{name}') return `/api/auth/v0/projects/${PROJECT}`
  const absent = op.template.startsWith('/api/auth/v0/users/') ? `${ABSENT}@example.com` : ABSENT
  return op.template.replace('{project}', PROJECT).replace(/\{[a-z_]+\}/g, absent)
}

let ops: Operation[] = []

beforeAll(async () => {
  ops = await operations()
  const limited = (projects: string[], permissions: string[]) =>
    platform.tokenFor(ADMIN, permissions, projects.length > 0 ? { projects } : {})
  tokens.media = await limited(['media'], EVERYTHING)
  tokens.shop = await limited(['shop'], EVERYTHING)
  tokens.readOnly = await limited([], READ_ONLY)
  const user = await platform.call('POST', '/api/auth/v0/users', {
    body: { email: 'scoped-admin@example.com', first_name: 'Scoped', roles: [], groups: ['shop-admins'] },
  })
  expect(user.status).toBe(201)
  const mapping = await platform.call('POST', '/api/auth/v0/sso-groups-roles', {
    body: { name: 'shop-admins', group: 'shop-admins', role: 'admin', scope: 'project', scope_name: PROJECT },
  })
  expect(mapping.status).toBe(201)
  tokens.scoped = await oidcSignIn(platform.url, 'scoped-admin@example.com', DEMO_PASSWORD)
}, 60_000)

describe('who reaches what: every operation, six callers, one rule', () => {
  it('covers the five services’ operations', () => {
    expect(ops.length).toBeGreaterThan(150)
    expect(ops.filter((op) => op.within).map((op) => `${op.method} ${op.template}`)).toEqual([
      'GET /api/auth/v0/audit',
      'GET /api/auth/v0/audit/{public_id}',
      'GET /api/core/v0/backend-health',
      'POST /api/stats/v0/queries',
    ])
  })

  for (const caller of CALLERS) {
    it(`answers ${caller.label} as the rule says`, async () => {
      const wrong: string[] = []
      for (const op of ops) {
        const token = caller.token()
        const answer = await platform.call(op.method, pathOf(op), {
          token,
          ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { body: {} } : {}),
        })
        const expected = allowed(caller, op)
        const refusal = token === null || nodeSecret(op) ? 401 : 403
        const ok = expected
          ? answer.status < 500 && answer.status !== 401 && answer.status !== 403
          : answer.status === refusal
        if (!ok) wrong.push(`${op.method} ${op.template}: ${answer.status}, expected ${expected ? 'allowed' : refusal}`)
      }
      expect(wrong).toEqual([])
    })
  }
})

describe('what a token limited to media reads outside its project', () => {
  const as = (path: string, body?: unknown) =>
    platform.call(body === undefined ? 'GET' : 'POST', path, { token: tokens.media, ...(body ? { body } : {}) })

  it('lists its own project only, and reads neither shop nor the platform’s records', async () => {
    const listed = await as('/api/auth/v0/search/projects?items=1000')
    expect(listed.body.data.map((project: Json) => project.name)).toEqual(['media'])
    expect((await as('/api/auth/v0/projects/media')).status).toBe(200)
    expect((await as('/api/auth/v0/projects/shop')).status).toBe(403)
    expect((await as('/api/auth/v0/projects/shop/permissions')).status).toBe(403)
    expect((await as('/api/auth/v0/auth/permissions')).body.data).toEqual([])
    const found = await as('/api/core/v0/search?query=shop')
    expect(found.status).toBe(200)
    expect(found.body.data.filter((hit: Json) => hit.project.name !== 'media')).toEqual([])
  })

  it('reads itself and its owner, and no other token or user', async () => {
    const own = await platform.call('GET', '/api/auth/v0/tokens', { token: ADMIN_TOKEN })
    const mine = own.body.data.find((token: Json) => tokens.media?.startsWith(token.prefix))
    expect(mine).toBeDefined()
    expect((await as(`/api/auth/v0/tokens/${mine.name}`)).body.data.name).toBe(mine.name)
    const another = own.body.data.find((token: Json) => token.name !== mine.name)
    expect((await as(`/api/auth/v0/tokens/${another.name}`)).status).toBe(403)
    expect((await as(`/api/auth/v0/users/${ADMIN}`)).body.data.email).toBe(ADMIN)
    expect((await as('/api/auth/v0/users/operator@example.com')).status).toBe(403)
  })

  it('reads the audit log, backend health and statistics of media only', async () => {
    // Something to see in both projects, by the admin.
    for (const project of ['shop', 'media']) {
      const created = await platform.call('POST', `/api/core/v0/projects/${project}/backups`, {
        body: { trigger: 'manual' },
      })
      expect(created.status).toBe(202)
    }
    const audit = await as('/api/auth/v0/audit?items=100')
    expect(audit.status).toBe(200)
    const projects = new Set(audit.body.data.map((entry: Json) => entry.project))
    expect([...projects]).toEqual(['media'])
    const all = await platform.call('GET', '/api/auth/v0/audit?items=100&project=shop')
    const inShop = all.body.data[0].public_id
    expect((await as(`/api/auth/v0/audit/${inShop}`)).status).toBe(404)
    const health = await as('/api/core/v0/backend-health')
    expect(health.status).toBe(200)
    expect(new Set(health.body.data.map((row: Json) => row.project))).toEqual(new Set(['media']))
    const range = { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString() }
    const query = (project: string) => ({ project, metrics: ['requests'], ...range })
    expect((await as('/api/stats/v0/queries', query('media'))).status).toBe(200)
    expect((await as('/api/stats/v0/queries', query('shop'))).status).toBe(403)
  })
})
