import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { expireTokens } from '../../server/services/token-expiry.ts'
import { queryRows, setUpPlatform } from './support.ts'

// The queue polls fast here so a periodic job is seen within seconds (defaults: README).
const platform = setUpPlatform({
  tokenSweepSeconds: 1,
  jobs: { pollSeconds: 0.5, leaseSeconds: 5, maintenanceSeconds: 1 },
})

const DAY = 86_400_000

async function createToken(name: string, expiresInMs: number) {
  const created = await platform.call('POST', '/api/auth/v0/tokens', {
    body: { name, permissions: ['wadp.*.list'], expires_at: new Date(Date.now() + expiresInMs).toISOString() },
  })
  expect(created.status).toBe(201)
  return created.body.data.token as string
}

const auditOf = (name: string) =>
  queryRows<{ action: string; actor: { type: string } }>(
    platform,
    sql`select action, actor from audit_log where resource_type = 'tokens' and resource_name = ${name} and action = 'tokens.expire'`,
  )

describe('the token expiry job', () => {
  it('expires exactly the tokens past their expiry at the given time, each with one audit entry', async () => {
    await createToken('sweep-soon', 2 * DAY)
    await createToken('sweep-later', 5 * DAY)
    const ctx = platform.server.ctx
    // Three days from now: only the first has expired.
    expect(await expireTokens(ctx, Date.now() + 3 * DAY)).toEqual(['sweep-soon'])
    expect(await expireTokens(ctx, Date.now() + 3 * DAY)).toEqual([])
    const soon = await platform.call('GET', '/api/auth/v0/tokens/sweep-soon')
    expect(soon.body.data.status).toBe('expired')
    expect(soon.body.data.updated_by).toBe('system')
    const later = await platform.call('GET', '/api/auth/v0/tokens/sweep-later')
    expect(later.body.data.status).toBe('active')
    const audit = await auditOf('sweep-soon')
    expect(audit).toHaveLength(1)
    expect(audit[0]?.actor.type).toBe('system')
  })

  it('runs on its own in the server: a token whose expiry passes is marked expired within seconds', async () => {
    const secret = await createToken('sweep-live', DAY)
    await queryRows(
      platform,
      sql`update resources set data = jsonb_set(data, '{expires_at}', to_jsonb((now() - interval '1 second')::text)) where type = 'tokens' and name = 'sweep-live'`,
    )
    const check = await platform.call('GET', '/api/auth/v0/auth/check', { token: secret })
    expect(check.status).toBe(401)
    // The API shows a past-expiry token as expired at once; the job stores it and writes the audit entry.
    const stored = () =>
      queryRows<{ status: string }>(
        platform,
        sql`select data->>'status' as status from resources where type = 'tokens' and name = 'sweep-live'`,
      )
    for (let tries = 0; tries < 40 && (await stored())[0]?.status !== 'expired'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect((await stored())[0]?.status).toBe('expired')
    expect(await auditOf('sweep-live')).toHaveLength(1)
  })
})
