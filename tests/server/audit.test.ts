import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { recordAudit } from '../../server/audit.ts'
import { clientAddress } from '../../server/base/client-address.ts'
import { ADMIN, ADMIN_TOKEN, type Json, scheduledBackupsTaken, setUpPlatform } from './support.ts'

const platform = setUpPlatform()
const audit = (query = '', token?: string) => platform.call('GET', `/api/auth/v0/audit${query}`, token ? { token } : {})

describe('audit log', () => {
  it('lists every change newest first, with who did it and to what', async () => {
    // The start's scheduled backups (a job, later on a busy machine) would otherwise land on top.
    await scheduledBackupsTaken(platform)
    const created = await platform.call('POST', '/api/core/v0/projects/labs/directors', {
      body: { name: 'audited-origin', backends: [{ host: 'audited.example.com', port: 443 }] },
    })
    expect(created.status).toBe(201)
    const res = await audit('?items=5')
    expect(res.status).toBe(200)
    expect(res.body.data[0]).toMatchObject({
      action: 'directors.create',
      result: 'success',
      resource: { type: 'directors', name: 'audited-origin' },
      project: 'labs',
      actor: { type: 'token', email: ADMIN },
    })
    expect(res.body.data[0]).not.toHaveProperty('changes')
    const times = res.body.data.map((e: Json) => e.occurred_at)
    expect(times).toEqual([...times].sort().reverse())
    expect(res.body.meta.total).toBeGreaterThan(5)
  })

  it('dates an entry when it is written, so a write begun earlier but written later is not listed as older', async () => {
    const db = platform.server.ctx.db
    const actor = { type: 'system', email: null, token_prefix: null, ip: '127.0.0.1', user_agent: 'test' } as const
    // A write whose transaction began first but whose entry is written after another's (on PostgreSQL the
    // other commits meanwhile; PGlite runs one transaction at a time, so there it waits and comes second).
    let began: () => void = () => undefined
    const beginning = new Promise<void>((resolve) => {
      began = resolve
    })
    const slow = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      began()
      await tx.execute(sql`select pg_sleep(0.3)`)
      await recordAudit(tx as never, { actor, action: 'slow.write', result: 'success' })
    })
    await beginning
    await recordAudit(db, { actor, action: 'quick.write', result: 'success' })
    await slow
    const res = await audit('?sort=occurred_at&items=10000')
    const entries = (res.body.data as Json[]).filter((e) => e.action === 'slow.write' || e.action === 'quick.write')
    expect(entries).toHaveLength(2)
    // Listed by when each was written (the oldest first here), and their times say the same.
    const [first, second] = entries as [Json, Json]
    expect(Date.parse(first.occurred_at)).toBeLessThanOrEqual(Date.parse(second.occurred_at))
  })

  it('pages as every list of the API does (API.md): 100 entries by default, up to 10000 a page', async () => {
    const total = (await audit('?items=1')).body.meta.total as number
    // Enough entries that a page of 100 is full, and more than the old page of 50 could hold: sign-ins
    // (a failed one would meet the limit on failures from one address, server/auth/sign-in-limit.ts).
    for (let i = total; i < 101; i += 1)
      await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token: ADMIN_TOKEN } })
    const first = await audit()
    expect(first.status).toBe(200)
    expect(first.body.meta).toMatchObject({ page: 1, items: 100 })
    expect(first.body.data).toHaveLength(100)
    const largest = await audit('?items=10000')
    expect(largest.status).toBe(200)
    expect(largest.body.data.length).toBe(largest.body.meta.total)
    // Pages as far as any list's: a page past the end is an empty page, not a refusal.
    const far = await audit('?page=1000000')
    expect(far.status).toBe(200)
    expect(far.body.data).toEqual([])
    const beyond = await audit('?items=10001')
    expect(beyond.status).toBe(400)
    expect(beyond.body.errors.map((error: { field: string }) => error.field)).toEqual(['items'])
  })

  it('filters by action (one or a resource’s), resource type, project, result, actor and time', async () => {
    await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token: 'not-a-real-token-123' } })
    const failures = await audit('?result=failure&action=login')
    expect(failures.body.data.length).toBeGreaterThan(0)
    expect(failures.body.data.every((e: Json) => e.result === 'failure' && e.action === 'login')).toBe(true)
    expect(failures.body.data[0].actor.token_prefix).toBe('not-a-')

    const directors = await audit('?action=directors.*&project=labs')
    expect(directors.body.data.map((e: Json) => e.action)).toContain('directors.create')
    expect(directors.body.data.every((e: Json) => e.action.startsWith('directors.') && e.project === 'labs')).toBe(true)
    const byType = await audit('?resource_type=projects')
    expect(byType.body.data.every((e: Json) => e.resource?.type === 'projects')).toBe(true)
    const byActor = await audit('?actor=ADMIN@example')
    expect(byActor.body.data.length).toBeGreaterThan(0)
    expect(byActor.body.data.every((e: Json) => e.actor.email === ADMIN)).toBe(true)

    const future = new Date(Date.now() + 60_000).toISOString()
    expect((await audit(`?from=${future}`)).body.data).toEqual([])
    const recent = await audit(`?from=${new Date(Date.now() - 60_000).toISOString()}&to=${future}`)
    expect(recent.body.data.length).toBeGreaterThan(0)
  })

  it('records a sign-in once, and nothing for the session checks that follow it (a reload, the 30 s check)', async () => {
    const signIns = async () => (await audit('?action=login&result=success&items=1')).body.meta.total as number
    const lastLogin = async () =>
      (await platform.call('GET', `/api/auth/v0/users/${ADMIN}`)).body.data.last_login_at as string | null
    const before = await signIns()
    const signedIn = await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token: ADMIN_TOKEN } })
    expect(signedIn.status).toBe(200)
    expect(await signIns()).toBe(before + 1)
    const stamped = await lastLogin()
    expect(stamped).not.toBeNull()

    // What a restore needs from the check: whose the token is, as the sign-in said.
    for (let reload = 0; reload < 3; reload++) {
      const check = await platform.call('GET', '/api/auth/v0/auth/check', { token: ADMIN_TOKEN })
      expect(check.status).toBe(200)
      expect(check.body.data).toEqual({ valid: true, ...signedIn.body.data })
    }
    expect(await signIns()).toBe(before + 1)
    expect(await lastLogin()).toBe(stamped)

    // A refused sign-in is still recorded; a refused check is a 401 and no sign-in attempt.
    const failures = async () => (await audit('?action=login&result=failure&items=1')).body.meta.total as number
    const failedBefore = await failures()
    expect((await platform.call('GET', '/api/auth/v0/auth/check', { token: 'not-a-real-token-456' })).status).toBe(401)
    expect(await failures()).toBe(failedBefore)
    await platform.call('POST', '/api/auth/v0/login', { token: null, body: { token: 'not-a-real-token-456' } })
    expect(await failures()).toBe(failedBefore + 1)
  })

  it('refuses bad filters with the field at fault', async () => {
    const bad = await audit('?from=yesterday')
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].field).toBe('from')
    const reversed = await audit('?from=2026-11-24T10:00:00Z&to=2026-11-23T10:00:00Z')
    expect(reversed.status).toBe(400)
    expect(reversed.body.errors).toEqual([{ field: 'from', message: 'must not be after to' }])
    expect((await audit('?result=maybe')).status).toBe(400)
    expect((await platform.call('GET', '/api/auth/v0/audit/not-an-id')).status).toBe(404)
    // Times JavaScript reads but PostgreSQL does not store: refused, not sent to the database (a 500).
    for (const [field, time] of [
      ['from', '0000-01-01T00:00:00Z'],
      ['to', '%2B275760-09-13T00:00:00.000Z'],
      ['from', '-271821-04-20'],
    ]) {
      const far = await audit(`?${field}=${time}`)
      expect([far.status, far.body.errors]).toEqual([400, [{ field, message: 'must be in the years 1 to 9999' }]])
    }
    // A day its month has not, which JavaScript would read as the next month's (30 February: 2 March).
    const rolled = await audit('?from=2026-02-30T10:00')
    expect([rolled.status, rolled.body.errors]).toEqual([
      400,
      [{ field: 'from', message: 'must be a day its month has' }],
    ])
  })

  it('shows one entry with before and after, secrets redacted, and whether its resource still exists', async () => {
    const secret = 'captcha-provider-secret'
    await platform.call('POST', '/api/core/v0/projects/labs/challenges', {
      body: { name: 'audited-captcha', type: 'turnstile', site_key: 'site-1', secret },
    })
    const current = await platform.call('GET', '/api/core/v0/projects/labs/challenges/audited-captcha')
    await platform.call('PATCH', '/api/core/v0/projects/labs/challenges/audited-captcha', {
      body: { display_name: 'Signup captcha', secret: 'another-secret' },
      headers: { 'if-match': `"${current.body.data.revision}"` },
    })
    const list = await audit('?resource_type=challenges&action=challenges.update')
    const detail = await platform.call('GET', `/api/auth/v0/audit/${list.body.data[0].public_id}`)
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({
      action: 'challenges.update',
      resource_exists: true,
      changes: { before: { display_name: null, secret: '[redacted]' }, after: { display_name: 'Signup captcha' } },
    })
    expect(JSON.stringify(detail.body.data)).not.toContain(secret)
    expect(JSON.stringify(detail.body.data)).not.toContain('another-secret')

    const latest = await platform.call('GET', '/api/core/v0/projects/labs/challenges/audited-captcha')
    await platform.call('DELETE', '/api/core/v0/projects/labs/challenges/audited-captcha', {
      headers: { 'if-match': `"${latest.body.data.revision}"` },
    })
    const gone = await platform.call('GET', `/api/auth/v0/audit/${list.body.data[0].public_id}`)
    expect(gone.body.data.resource_exists).toBe(false)
  })

  it('is read only with wadp.audit.list, and a token limited to a project reads only its entries', async () => {
    const none = await platform.tokenFor(ADMIN, ['wadp.directors.list'])
    expect((await audit('', none)).status).toBe(403)
    const limited = await platform.tokenFor(ADMIN, ['wadp.audit.list'], { projects: ['labs'] })
    const res = await audit('?items=100', limited)
    expect(res.status).toBe(200)
    expect(res.body.data.length).toBeGreaterThan(0)
    expect(res.body.data.every((e: Json) => e.project === 'labs')).toBe(true)
  })

  it('shows a limited caller neither the platform’s entries naming its project nor a deleted namesake’s', async () => {
    const projects = '/api/auth/v0/projects'
    const create = () => platform.call('POST', projects, { body: { name: 'reborn', customer: 'acme-retail' } })
    expect((await create()).status).toBe(201)
    const director = await platform.call('POST', '/api/core/v0/projects/reborn/directors', {
      body: { name: 'first-tenant-origin', backends: [{ host: 'origin.first-tenant.example.com', port: 443 }] },
    })
    expect(director.status).toBe(201)
    // A token limited to it alone: the deletion revokes it, in an entry naming the project.
    await platform.tokenFor(ADMIN, ['wadp.audit.list'], { projects: ['reborn'] })
    const removed = await platform.call('DELETE', `${projects}/reborn`, { headers: { 'if-match': '*' } })
    expect(removed.status).toBe(204)

    expect((await create()).status).toBe(201)
    const limited = await platform.tokenFor(ADMIN, ['wadp.audit.list'], { projects: ['reborn'] })
    const seen = await audit('?items=500', limited)
    expect(seen.status).toBe(200)
    const actions = seen.body.data.map((e: Json) => `${e.action} ${e.resource?.name ?? ''}`)
    expect(actions).not.toContain('directors.create first-tenant-origin')
    expect(seen.body.data.filter((e: Json) => ['tokens', 'projects'].includes(e.resource?.type))).toEqual([])

    const again = await platform.call('POST', '/api/core/v0/projects/reborn/directors', {
      body: { name: 'second-tenant-origin', backends: [{ host: 'origin.second-tenant.example.com', port: 443 }] },
    })
    expect(again.status).toBe(201)
    const now = await audit('?items=500&resource_type=directors', limited)
    expect(now.body.data.map((e: Json) => `${e.action} ${e.resource?.name ?? ''}`)).toEqual([
      'directors.create second-tenant-origin',
    ])
    // The admin still reads the whole history.
    const all = await audit('?project=reborn&items=500')
    expect(all.body.data.map((e: Json) => e.action)).toContain('tokens.revoke')
    expect(all.body.data.map((e: Json) => `${e.action} ${e.resource?.name ?? ''}`)).toContain(
      'directors.create first-tenant-origin',
    )
  })

  it('records the connection’s address, not an X-Forwarded-For the caller wrote', async () => {
    const spoofed = { 'x-forwarded-for': '203.0.113.66' }
    const created = await platform.call('POST', '/api/core/v0/projects/labs/directors', {
      body: { name: 'forwarded-origin', backends: [{ host: 'origin.forwarded.example.com', port: 443 }] },
      headers: spoofed,
    })
    expect(created.status).toBe(201)
    const login = await platform.call('POST', '/api/auth/v0/login', {
      body: { token: 'not-a-token-of-this-platform' },
      headers: spoofed,
      token: null,
    })
    expect(login.status).toBe(401)
    const written = await audit('?resource_type=directors&items=1')
    const failed = await audit('?action=login&result=failure&items=1')
    for (const entry of [written.body.data[0], failed.body.data[0]]) {
      expect(entry.actor.ip).not.toContain('203.0.113.66')
      expect(entry.actor.ip).toMatch(/127\.0\.0\.1|::1/)
    }
  })

  it('keeps at most 512 characters of a User-Agent, even from a caller not signed in', async () => {
    const agent = `bot/${'x'.repeat(8000)}`
    const login = await platform.call('POST', '/api/auth/v0/login', {
      body: { token: 'not-a-token-either' },
      headers: { 'user-agent': agent },
      token: null,
    })
    expect(login.status).toBe(401)
    const [entry] = (await audit('?action=login&result=failure&items=1')).body.data
    expect(entry.actor.user_agent).toBe(agent.slice(0, 512))
  })

  it('believes X-Forwarded-For only as far as the platform’s own proxies wrote it', () => {
    expect(clientAddress('203.0.113.66', '127.0.0.1', 0)).toBe('127.0.0.1')
    // One proxy of the platform's: the address it was reached from, which it appended last.
    expect(clientAddress('203.0.113.66, 198.51.100.7', '10.0.0.2', 1)).toBe('198.51.100.7')
    expect(clientAddress('198.51.100.7', '10.0.0.2', 1)).toBe('198.51.100.7')
    expect(clientAddress('198.51.100.7, 10.0.0.9', '10.0.0.2', 2)).toBe('198.51.100.7')
    expect(clientAddress(undefined, '10.0.0.2', 1)).toBe('10.0.0.2')
    expect(clientAddress(undefined, undefined, 0)).toBe('unknown')
  })
})
