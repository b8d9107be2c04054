import { Hono, type MiddlewareHandler } from 'hono'
import { describe, expect, it } from 'vitest'
import { ApiError, errorBody, unauthorized } from '../../server/base/errors.ts'
import type { Principal } from '../../server/base/principal.ts'
import { type AppEnv, authentication, nodeSecret, permission, projectExistence } from '../../server/http/middleware.ts'

/**
 * Each middleware of `server/http/middleware.ts` alone, on a bare Hono app: what it answers, and that it
 * lets through what it should. (Their order on every route is held by the server tests: reach, bad input.)
 */
function appWith(path: string, ...handlers: MiddlewareHandler<AppEnv>[]) {
  const app = new Hono<AppEnv>()
  app.get(path, ...(handlers as [MiddlewareHandler<AppEnv>]), (c) =>
    c.json({ through: true, email: c.get('principal')?.email ?? null }),
  )
  app.onError((error, c) =>
    error instanceof ApiError ? c.json(errorBody(error), error.status) : c.json({ message: 'bug' }, 500),
  )
  return app
}

const principal = (permissions: string[], projects: string[] | null = null): Principal => ({
  authType: 'token',
  email: 'ops@example.com',
  firstName: 'Ops',
  lastName: 'Example',
  roles: [],
  permissions,
  projects,
  expiresAt: new Date('2030-01-01T00:00:00Z'),
})

/** A middleware that stands for authentication: the request's caller is `who`. */
const callerIs =
  (who: Principal): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set('principal', who)
    await next()
  }

const answer = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
})

describe('authentication', () => {
  const auth = {
    authenticate: async (header: string | undefined) => {
      if (header !== 'Bearer good') throw unauthorized('invalid token')
      return principal([])
    },
  }
  const app = appWith('/x', authentication(auth))

  it('answers 401 without a token or with a bad one, and never reaches the route', async () => {
    expect(await answer(await app.request('/x'))).toEqual({
      status: 401,
      body: { message: 'invalid token', errors: [] },
    })
    expect((await app.request('/x', { headers: { authorization: 'Bearer bad' } })).status).toBe(401)
  })

  it('keeps the caller for what follows', async () => {
    const response = await app.request('/x', { headers: { authorization: 'Bearer good' } })
    expect(await answer(response)).toEqual({ status: 200, body: { through: true, email: 'ops@example.com' } })
  })
})

describe('nodeSecret', () => {
  const seen: [string | undefined, string][] = []
  const check = {
    verify: async (authorization: string | undefined, node: string) => {
      seen.push([authorization, node])
      if (authorization !== 'Bearer s3cret' || node !== 'edge-1') throw unauthorized('invalid node secret')
    },
  }
  const app = appWith('/edge/nodes/:name/report', nodeSecret(check))

  it("checks the secret against the node the path names, and answers 401 for another node's", async () => {
    const good = await app.request('/edge/nodes/edge-1/report', { headers: { authorization: 'Bearer s3cret' } })
    expect(good.status).toBe(200)
    const other = await app.request('/edge/nodes/edge-2/report', { headers: { authorization: 'Bearer s3cret' } })
    expect(other.status).toBe(401)
    expect(seen).toEqual([
      ['Bearer s3cret', 'edge-1'],
      ['Bearer s3cret', 'edge-2'],
    ])
  })
})

describe('permission', () => {
  it("answers 403 naming the missing permission, in the path's project", async () => {
    const inShopOnly = principal(['wadp.websites.list'], ['shop'])
    const app = appWith(
      '/projects/:project/websites',
      callerIs(inShopOnly),
      permission({ permission: 'wadp.websites.list' }),
    )
    expect((await app.request('/projects/shop/websites')).status).toBe(200)
    expect(await answer(await app.request('/projects/labs/websites'))).toEqual({
      status: 403,
      body: { message: 'missing permission wadp.websites.list', errors: [] },
    })
  })

  it('asks for every permission of a list, and platform-wide where the path names no project', async () => {
    const app = appWith(
      '/nodes',
      callerIs(principal(['wadp.nodes.list'])),
      permission({ permission: ['wadp.nodes.list', 'wadp.nodes.update'] }),
    )
    expect((await answer(await app.request('/nodes'))).body.message).toBe('missing permission wadp.nodes.update')
    // A token limited to some projects holds nothing platform-wide...
    const limited = appWith(
      '/nodes',
      callerIs(principal(['*'], ['shop'])),
      permission({ permission: 'wadp.nodes.list' }),
    )
    expect((await limited.request('/nodes')).status).toBe(403)
    // ...but reaches a read that answers for its own projects.
    const within = appWith(
      '/audit',
      callerIs(principal(['wadp.audit.list'], ['shop'])),
      permission({ permission: 'wadp.audit.list', within: 'projects' }),
    )
    expect((await within.request('/audit')).status).toBe(200)
  })

  it('answers 403 when no caller was authenticated before it', async () => {
    const app = appWith('/nodes', permission({ permission: 'wadp.nodes.list' }))
    expect((await app.request('/nodes')).status).toBe(403)
  })
})

describe('projectExistence', () => {
  const asked: string[] = []
  const tenancy = {
    projectExists: async (name: string) => {
      asked.push(name)
      return name === 'shop'
    },
  }
  const app = new Hono<AppEnv>()
  app.onError((error, c) => c.json(errorBody(error as ApiError), (error as ApiError).status))
  app.get('/projects/:project/sync', projectExistence(tenancy), (c) => c.json({ through: true }))
  app.get('/nodes', projectExistence(tenancy), (c) => c.json({ through: true }))

  it('answers 404 for a project that does not exist, and lets a known one and a path without one through', async () => {
    expect(await answer(await app.request('/projects/nope/sync'))).toEqual({
      status: 404,
      body: { message: 'project nope not found', errors: [] },
    })
    expect((await app.request('/projects/shop/sync')).status).toBe(200)
    expect((await app.request('/nodes')).status).toBe(200)
    expect(asked).toEqual(['nope', 'shop'])
  })
})
