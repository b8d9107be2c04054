import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Json, OPERATOR, queryRows, setUpPlatform, VIEWER } from './support.ts'

const platform = setUpPlatform({ jobs: { pollSeconds: 0.5, leaseSeconds: 30, maintenanceSeconds: 30 } })
const base = '/api/core/v0/projects/shop/access-tokens'

async function projectRevision(project: string): Promise<number> {
  const [row] = await queryRows<{ revision: number }>(
    platform,
    sql`select revision from config_revisions where scope = ${project}`,
  )
  return row?.revision ?? 0
}

async function completedBackup(name: string): Promise<Json> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const res = await platform.call('GET', `/api/core/v0/projects/shop/backups/${name}`)
    if (res.body.data.status === 'completed' || res.body.data.status === 'failed') return res.body.data
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`backup ${name} did not finish`)
}

describe('access tokens', () => {
  it('are created with their defaults, show the secret once, and keep only its hash', async () => {
    const before = await projectRevision('shop')
    const created = await platform.call('POST', base, {
      body: { name: 'partner-monitoring', websites: ['shop-example-com'], bypass: ['challenge', 'rate_limit'] },
    })
    expect(created.status).toBe(201)
    const secret: string = created.body.data.token
    expect(secret.length).toBeGreaterThanOrEqual(43)
    expect(created.body.data).toMatchObject({
      websites: ['shop-example-com'],
      transport: 'header',
      parameter_name: 'X-Access-Token',
      bypass: ['challenge', 'rate_limit'],
      expires_at: null,
      enabled: true,
      status: 'active',
      prefix: secret.slice(0, 6),
    })
    // It changes what the edge lets through: the project's configuration moves on.
    expect(await projectRevision('shop')).toBe(before + 1)

    const one = await platform.call('GET', `${base}/partner-monitoring`)
    const list = await platform.call('GET', base)
    for (const answer of [one, list]) expect(JSON.stringify(answer.body)).not.toContain(secret)
    expect(one.body.data.token).toBeUndefined()
    const [stored] = await queryRows<{ secret_hash: string; data: string }>(
      platform,
      sql`select secret_hash, data::text as data from resources where type = 'access-tokens' and name = 'partner-monitoring'`,
    )
    expect(stored?.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'))
    expect(stored?.data).not.toContain(secret)

    // A visitor's token is no key to the API.
    const login = await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token: secret } })
    expect(login.status).toBe(401)
    expect(login.body.message).toBe('invalid token')
  })

  it('refuses bad fields with a message on each', async () => {
    const res = await platform.call('POST', base, {
      body: {
        name: 'bad',
        websites: ['ghost-site'],
        transport: 'carrier-pigeon',
        bypass: ['everything'],
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'transport', message: 'must be header, query or cookie' },
        { field: 'bypass.0', message: 'must be challenge, rate_limit or waf' },
      ]),
    )
    const name = await platform.call('POST', base, { body: { name: 'bad', parameter_name: 'X Token' } })
    expect(name.body.errors).toEqual([
      {
        field: 'parameter_name',
        message: "use letters, digits and - . _ ~ (a header or cookie name may also hold ! # $ % & ' * + ^ ` |)",
      },
    ])
    const query = await platform.call('POST', base, {
      body: { name: 'bad', transport: 'query', parameter_name: 'token$' },
    })
    expect(query.body.errors[0].field).toBe('parameter_name')
    const ghost = await platform.call('POST', base, { body: { name: 'bad', websites: ['ghost-site'] } })
    expect(ghost.status).toBe(400)
    expect(ghost.body.errors).toEqual([{ field: 'websites', message: 'website ghost-site does not exist' }])
    const past = await platform.call('POST', base, {
      body: { name: 'bad', expires_at: new Date(Date.now() - 60_000).toISOString() },
    })
    expect(past.body.errors).toEqual([{ field: 'expires_at', message: 'must be in the future' }])
    expect((await platform.call('GET', `${base}/bad`)).status).toBe(404)
  })

  it('are revoked for good with If-Match, audited', async () => {
    await platform.call('POST', base, { body: { name: 'qa-team', transport: 'cookie', parameter_name: 'qa_access' } })
    expect((await platform.call('POST', `${base}/qa-team/revoke`)).status).toBe(412)
    const revoked = await platform.call('POST', `${base}/qa-team/revoke`, { headers: { 'if-match': '"1"' } })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data).toMatchObject({ status: 'revoked', revision: 2 })
    const [entry] = await queryRows<{ action: string; project: string }>(
      platform,
      sql`select action, project from audit_log where resource_name = 'qa-team' order by id desc limit 1`,
    )
    expect(entry).toEqual({ action: 'access-tokens.revoke', project: 'shop' })
    const revived = await platform.call('PATCH', `${base}/qa-team`, {
      body: { status: 'active' },
      headers: { 'if-match': '"2"' },
    })
    expect(revived.status).toBe(400)
    expect(revived.body.errors[0].field).toBe('status')
    expect((await platform.call('POST', `${base}/ghost/revoke`, { headers: { 'if-match': '*' } })).status).toBe(404)
  })

  it('keep a website they name from being deleted', async () => {
    const website = await platform.call('GET', '/api/core/v0/projects/shop/websites/shop-example-com')
    const res = await platform.call('DELETE', '/api/core/v0/projects/shop/websites/shop-example-com', {
      headers: { 'if-match': website.headers.get('etag') ?? '*' },
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toContain('access token partner-monitoring')
  })

  it('are for admins: operators and viewers get 403', async () => {
    for (const [owner, permissions] of [
      [OPERATOR, ['wadp.*.*']],
      [VIEWER, ['wadp.*.list']],
    ] as const) {
      const token = await platform.tokenFor(owner, [...permissions])
      const res = await platform.call('GET', base, { token })
      expect(res.status).toBe(403)
      expect(res.body.message).toBe('missing permission wadp.access-tokens.list')
    }
  })

  it('stay out of backups', async () => {
    const taken = await platform.call('POST', '/api/core/v0/projects/shop/backups', { body: { trigger: 'manual' } })
    const backup = await completedBackup(taken.body.data.name)
    expect(backup.status).toBe('completed')
    const document = await platform.call('GET', `/api/core/v0/projects/shop/backups/${backup.name}/download`)
    const types = new Set(document.body.resources.map((r: { type: string }) => r.type))
    expect(types).toContain('websites')
    expect(types).not.toContain('access-tokens')
  })
})
