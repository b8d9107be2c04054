import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { BOOTSTRAP_TOKEN_NAME, ensureBootstrapToken } from '../../server/seed.ts'
import { ADMIN, ADMIN_TOKEN, queryRows, setUpPlatform } from './support.ts'

// What every start does to the bootstrap admin token (`ensureBootstrapToken`, run under the start-up lock
// by each process of a cluster), called here as a start calls it, on a running platform.
const platform = setUpPlatform()
const tokenPath = `/api/auth/v0/tokens/${BOOTSTRAP_TOKEN_NAME}`

/** What a start could change: the stored row and the token's audit entries. */
async function state() {
  const [row] = await queryRows<{ revision: number; hash: string; status: string; expires_at: string }>(
    platform,
    sql`select revision, secret_hash as hash, data->>'status' as status, data->>'expires_at' as expires_at
        from resources where type = 'tokens' and scope = '' and name = ${BOOTSTRAP_TOKEN_NAME}`,
  )
  const audit = await queryRows<{ action: string }>(
    platform,
    sql`select action from audit_log where resource_type = 'tokens' and resource_name = ${BOOTSTRAP_TOKEN_NAME} order by id`,
  )
  return { row, actions: audit.map((entry) => entry.action) }
}

const check = async (token: string) => (await platform.call('GET', '/api/auth/v0/auth/check', { token })).status

describe('the bootstrap admin token at a start', () => {
  it('is left as it is when the start brings the token it already has: no write, no audit entry', async () => {
    const before = await state()
    expect(before.actions).toEqual(['tokens.create', 'tokens.rotate'])
    const starts = [
      await ensureBootstrapToken(platform.server.ctx, ADMIN_TOKEN),
      await ensureBootstrapToken(platform.server.ctx, ADMIN_TOKEN),
    ]
    expect(await state()).toEqual(before)
    expect(await check(ADMIN_TOKEN)).toBe(200)
    expect(starts).toEqual([{ token: ADMIN_TOKEN }, { token: ADMIN_TOKEN }])
  })

  it('is rotated once when the start brings another one: the old secret stops working', async () => {
    const before = await state()
    const other = 'another-bootstrap-token-0123456789'
    expect(await ensureBootstrapToken(platform.server.ctx, other)).toEqual({ token: other })
    const after = await state()
    expect(after.row?.revision).toBe((before.row?.revision ?? 0) + 1)
    expect(after.actions).toEqual([...before.actions, 'tokens.rotate'])
    expect(await check(other)).toBe(200)
    expect(await check(ADMIN_TOKEN)).toBe(401)
    // Back to the suite's token: rotated again, once.
    expect(await ensureBootstrapToken(platform.server.ctx, ADMIN_TOKEN)).toEqual({ token: ADMIN_TOKEN })
    expect((await state()).actions).toEqual([...before.actions, 'tokens.rotate', 'tokens.rotate'])
    expect(await check(ADMIN_TOKEN)).toBe(200)
  })

  it('is never brought back once expired, whatever token the start brings', async () => {
    await queryRows(
      platform,
      sql`update resources set data = jsonb_set(data, '{expires_at}', to_jsonb((now() - interval '1 minute')::text))
          where type = 'tokens' and scope = '' and name = ${BOOTSTRAP_TOKEN_NAME}`,
    )
    platform.server.ctx.auth.invalidate()
    expect(await check(ADMIN_TOKEN)).toBe(401)
    const before = await state()
    const starts = [await ensureBootstrapToken(platform.server.ctx, ADMIN_TOKEN)]
    expect(await check(ADMIN_TOKEN)).toBe(401)
    starts.push(await ensureBootstrapToken(platform.server.ctx, undefined))
    expect(await state()).toEqual(before)
    expect(starts).toEqual([{ refused: 'expired' }, { refused: 'expired' }])
  })

  it('comes back new at the next start once deleted (the way to a new one); revoked, never', async () => {
    // Another admin's token, made before the bootstrap token is gone; it deletes the expired one.
    await queryRows(
      platform,
      sql`update resources set data = jsonb_set(data, '{expires_at}', to_jsonb((now() + interval '1 day')::text))
          where type = 'tokens' and scope = '' and name = ${BOOTSTRAP_TOKEN_NAME}`,
    )
    platform.server.ctx.auth.invalidate()
    const second = await platform.tokenFor(ADMIN, ['wadp.*.*'])
    const deleted = await platform.call('DELETE', tokenPath, { token: second, headers: { 'if-match': '*' } })
    expect(deleted.status).toBe(204)
    const recreated = await ensureBootstrapToken(platform.server.ctx, ADMIN_TOKEN)
    expect(await check(ADMIN_TOKEN)).toBe(200)

    const current = await platform.call('GET', tokenPath, { token: second })
    const revoked = await platform.call('POST', `${tokenPath}/revoke`, {
      token: second,
      headers: { 'if-match': current.headers.get('etag') ?? '' },
    })
    expect(revoked.status).toBe(200)
    expect(await check(ADMIN_TOKEN)).toBe(401)
    const before = await state()
    expect(before.row?.status).toBe('revoked')
    // Every later start, with the same token, another one or a random one: still revoked, nothing written.
    const starts = [await ensureBootstrapToken(platform.server.ctx, ADMIN_TOKEN)]
    expect(await check(ADMIN_TOKEN)).toBe(401)
    starts.push(await ensureBootstrapToken(platform.server.ctx, 'yet-another-token-0123456789'))
    expect(await check('yet-another-token-0123456789')).toBe(401)
    starts.push(await ensureBootstrapToken(platform.server.ctx, undefined))
    expect(await state()).toEqual(before)
    expect(starts).toEqual([{ refused: 'revoked' }, { refused: 'revoked' }, { refused: 'revoked' }])
    expect(recreated).toEqual({ token: ADMIN_TOKEN })
  })
})
