import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  recordBackup,
  requeueStrandedBackups,
  runBackup,
  scheduleBackups,
  scheduledName,
} from '../../server/services/backups/snapshots.ts'
import { canonicalJson, SCHEDULED_BACKUPS_KEPT } from '../../src/domain/backup.ts'
import { ADMIN, type Json, queryRows, scheduledBackupsTaken, setUpPlatform, VIEWER } from './support.ts'

// Tasks are picked up within half a second, so a manual backup completes quickly.
const platform = setUpPlatform({ jobs: { pollSeconds: 0.5, leaseSeconds: 30, maintenanceSeconds: 30 } })
const PROJECT = 'labs'
const base = `/api/core/v0/projects/${PROJECT}/backups`
const core = (path: string) => `/api/core/v0/projects/${PROJECT}${path}`
const DAY = 86_400_000

async function completed(name: string, project = PROJECT): Promise<Json> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const res = await platform.call('GET', `/api/core/v0/projects/${project}/backups/${name}`)
    if (res.body.data.status === 'completed' || res.body.data.status === 'failed') return res.body.data
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`backup ${name} did not finish`)
}

async function takeBackup(displayName?: string): Promise<Json> {
  const res = await platform.call('POST', base, { body: { trigger: 'manual', display_name: displayName } })
  expect(res.status, JSON.stringify(res.body)).toBe(202)
  expect(res.body.data).toMatchObject({ trigger: 'manual', status: 'queued' })
  return completed(res.body.data.name)
}

async function download(name: string): Promise<Json> {
  const res = await platform.call('GET', `${base}/${name}/download`)
  expect(res.status).toBe(200)
  return res.body
}

async function write(method: string, path: string, body?: unknown) {
  const current = await platform.call('GET', core(path))
  const headers = { 'if-match': `"${current.body.data?.revision ?? 0}"` }
  const res = await platform.call(method, core(path), { body, headers })
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
  return res
}

const director = (name: string) => ({ name, backends: [{ host: `${name}.origin.example.com`, port: 443 }] })
const resign = (document: Json) => {
  const { sha256, ...rest } = document
  return { ...rest, sha256: createHash('sha256').update(canonicalJson(rest)).digest('hex') }
}

describe('backups', () => {
  it('are taken on request: queued, then completed with their size and sha256, newest first', async () => {
    await platform.call('POST', core('/directors'), { body: director('kept-origin') })
    const backup = await takeBackup('Before the migration')
    expect(backup).toMatchObject({ status: 'completed', display_name: 'Before the migration', trigger: 'manual' })
    expect(backup.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(backup.size_bytes).toBeGreaterThan(100)
    await takeBackup('Newer')
    const list = await platform.call('GET', base)
    const times = list.body.data.map((b: Json) => b.requested_at)
    expect(times).toEqual([...times].sort().reverse())
    expect(list.body.data.map((b: Json) => b.display_name)).toEqual(
      expect.arrayContaining(['Newer', 'Before the migration']),
    )
    expect(list.body.data[0]).not.toHaveProperty('document')
    // The name filter keeps those whose name or display name holds the text, as every list's does.
    const found = await platform.call('GET', `${base}?q=migration`)
    expect(found.body.data.map((b: Json) => b.display_name)).toEqual(['Before the migration'])
    expect((await platform.call('GET', `${base}?q=no-such-backup`)).body.data).toEqual([])
  })

  it('take a blank name as none, so the list names it by its trigger and time', async () => {
    const backup = await takeBackup('   ')
    expect(backup.display_name).toBeNull()
  })

  it('download as the document the list describes, with no secret in clear', async () => {
    const secret = 'provider-secret-value-42'
    await platform.call('POST', core('/challenges'), {
      body: { name: 'signup-turnstile', type: 'turnstile', site_key: 'site-key-1', secret },
    })
    const backup = await takeBackup()
    const res = await platform.call('GET', `${base}/${backup.name}/download`)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${PROJECT}-${backup.name}.json"`)
    const text = JSON.stringify(res.body, null, 2)
    expect(text).not.toContain(secret)
    expect(Buffer.byteLength(`${text}\n`)).toBe(backup.size_bytes)
    expect(res.body).toMatchObject({ format: 'wadp-backup', project: PROJECT, sha256: backup.sha256 })
    const captcha = res.body.resources.find((r: Json) => r.name === 'signup-turnstile')
    expect(captcha.data).not.toHaveProperty('secret')
    expect(Object.keys(captcha.sealed)).toEqual(['secret'])
    expect(res.body.resources.map((r: Json) => r.type)).toContain('directors')
  })

  it('take an uploaded document as a new backup, and refuse one changed after download', async () => {
    const backup = await takeBackup()
    const document = await download(backup.name)
    const uploaded = await platform.call('POST', `${base}/import`, { body: document })
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
    expect(uploaded.body.data).toMatchObject({ trigger: 'uploaded', status: 'completed', sha256: backup.sha256 })
    // Named by where and when it was taken, the time as people read it (not an ISO stamp to the millisecond).
    const taken = new Date(document.taken_at).toISOString()
    expect(uploaded.body.data.display_name).toBe(
      `Uploaded: ${document.project}, ${taken.slice(0, 10)} ${taken.slice(11, 16)} UTC`,
    )

    const edited = { ...document, resources: document.resources.slice(1) }
    const tampered = await platform.call('POST', `${base}/import`, { body: edited })
    expect(tampered.status).toBe(400)
    expect(tampered.body.errors).toEqual([{ field: 'sha256', message: 'does not match the document' }])

    // Another file altogether is said so once, not once for each field it lacks.
    const other = await platform.call('POST', `${base}/import`, { body: { hello: 'world' } })
    expect([other.status, other.body.message, other.body.errors]).toEqual([
      400,
      'the file is not a backup document downloaded from this console',
      [{ field: '', message: 'is not a backup document downloaded from this console' }],
    ])
    const { version: _version, ...unversioned } = document
    const partial = await platform.call('POST', `${base}/import`, { body: unversioned })
    expect([partial.status, partial.body.errors]).toEqual([400, [{ field: 'version', message: 'is required' }]])

    const index = document.resources.findIndex((r: Json) => r.type === 'directors')
    const invalid = structuredClone(document)
    invalid.resources[index].data.backends = []
    const refused = await platform.call('POST', `${base}/import`, { body: resign(invalid) })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].field).toBe(`resources.${index}.data.backends`)
  })

  it('restore after a dry run: a deleted director comes back and a changed one is put back', async () => {
    await platform.call('POST', core('/directors'), { body: director('restored-origin') })
    const backup = await takeBackup()
    await write('DELETE', '/directors/restored-origin')
    await write('PATCH', '/directors/kept-origin', { display_name: 'Renamed since' })
    await platform.call('POST', core('/directors'), { body: director('added-since') })

    const dry = await platform.call('POST', `${base}/${backup.name}/restore?dry_run=true`)
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    expect(dry.body.data.changes).toEqual([
      { type: 'directors', name: 'added-since', action: 'delete' },
      {
        type: 'directors',
        name: 'kept-origin',
        action: 'update',
        fields: ['display_name'],
        // What the dry run shows: each field's value now and in the backup.
        values: { display_name: { now: 'Renamed since', backup: null } },
      },
      { type: 'directors', name: 'restored-origin', action: 'create' },
    ])
    // A dry run changes nothing.
    expect((await platform.call('GET', core('/directors/restored-origin'))).status).toBe(404)

    const applied = await platform.call('POST', `${base}/${backup.name}/restore`, {
      body: { plan_revision: dry.body.data.plan_revision },
    })
    expect(applied.status, JSON.stringify(applied.body)).toBe(200)
    expect(applied.body.data).toMatchObject({ applied: true, changes: dry.body.data.changes })
    expect((await platform.call('GET', core('/directors/restored-origin'))).status).toBe(200)
    expect((await platform.call('GET', core('/directors/added-since'))).status).toBe(404)
    expect((await platform.call('GET', core('/directors/kept-origin'))).body.data.display_name).toBeNull()
    // Nothing is left to restore.
    const again = await platform.call('POST', `${base}/${backup.name}/restore?dry_run=true`)
    expect(again.body.data.changes).toEqual([])
  })

  it('refuse a restore when the project changed after the dry run, with the fresh plan, and change nothing', async () => {
    await platform.call('POST', core('/directors'), { body: director('raced-origin') })
    const backup = await takeBackup()
    await write('DELETE', '/directors/raced-origin')
    const dry = await platform.call('POST', `${base}/${backup.name}/restore?dry_run=true`)
    await platform.call('POST', core('/directors'), { body: director('meanwhile') })

    const refused = await platform.call('POST', `${base}/${backup.name}/restore`, {
      body: { plan_revision: dry.body.data.plan_revision },
    })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/changed since the dry run/)
    expect(refused.body.data.changes).toContainEqual({ type: 'directors', name: 'meanwhile', action: 'delete' })
    expect(refused.body.data.plan_revision).toBeGreaterThan(dry.body.data.plan_revision)
    expect((await platform.call('GET', core('/directors/raced-origin'))).status).toBe(404)
    expect((await platform.call('GET', core('/directors/meanwhile'))).status).toBe(200)
  })

  it('restore while the project is written on other connections, each waiting its turn, never a 500', async () => {
    // On PostgreSQL the restore and the writes run on separate connections and lock the same rows.
    const backup = await takeBackup()
    for (let round = 0; round < 4; round += 1) {
      await platform.call('POST', core('/directors'), { body: director(`before-restore-${round}`) })
      const [restored, ...writes] = await Promise.all([
        platform.call('POST', `${base}/${backup.name}/restore`, { body: {} }),
        ...[0, 1, 2].map((i) =>
          platform.call('POST', core('/directors'), { body: director(`during-restore-${round}-${i}`) }),
        ),
      ])
      const statuses = [restored.status, ...writes.map((write) => write.status)]
      expect(statuses, `round ${round}: ${JSON.stringify(restored.body)}`).toEqual([200, 201, 201, 201])
    }
    // What the writes left is undone by a last restore.
    expect((await platform.call('POST', `${base}/${backup.name}/restore`, { body: {} })).status).toBe(200)
  })

  it('apply all of a restore or none of it: a reference the backup cannot satisfy undoes every change', async () => {
    const backup = await takeBackup()
    const document = await download(backup.name)
    await platform.call('POST', core('/directors'), { body: director('doomed-extra') })
    // A document whose website names a director it does not hold (and that the project lacks).
    const broken = structuredClone(document)
    broken.resources.push({
      type: 'websites',
      name: 'orphan-site',
      display_name: null,
      data: { domain_name: 'orphan.labs.example.com', default_director: 'no-such-director' },
    })
    const uploaded = await platform.call('POST', `${base}/import`, { body: resign(broken) })
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
    const dry = await platform.call('POST', `${base}/${uploaded.body.data.name}/restore?dry_run=true`)
    expect(dry.body.data.changes).toEqual(
      expect.arrayContaining([
        { type: 'directors', name: 'doomed-extra', action: 'delete' },
        { type: 'websites', name: 'orphan-site', action: 'create' },
      ]),
    )
    // The dry run tried the plan and says why it would be refused, the delete it made undone.
    expect(dry.body.data.refused).toMatch(/website orphan-site in the backup: director no-such-director does not exist/)
    expect((await platform.call('GET', core('/directors/doomed-extra'))).status).toBe(200)
    const res = await platform.call('POST', `${base}/${uploaded.body.data.name}/restore`, {
      body: { plan_revision: dry.body.data.plan_revision },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/website orphan-site in the backup: director no-such-director does not exist/)
    // The delete planned before the failing create was undone with it.
    expect((await platform.call('GET', core('/directors/doomed-extra'))).status).toBe(200)
    expect((await platform.call('GET', core('/websites/orphan-site'))).status).toBe(404)
  })

  it('say in a dry run that another project’s backup would be refused for its domains, and change nothing', async () => {
    const shop = '/api/core/v0/projects/shop'
    const taken = await platform.call('POST', `${shop}/backups`, { body: { trigger: 'manual' } })
    const backup = await completed(taken.body.data.name, 'shop')
    const document = (await platform.call('GET', `${shop}/backups/${backup.name}/download`)).body
    // Uploaded into labs: its websites name shop's domains, which shop still uses.
    const uploaded = await platform.call('POST', `${base}/import`, { body: document })
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
    const before = (await platform.call('GET', core('/websites'))).body.meta.total
    const dry = await platform.call('POST', `${base}/${uploaded.body.data.name}/restore?dry_run=true`)
    expect(dry.status).toBe(200)
    expect(dry.body.data.refused).toMatch(/^website \S+ in the backup: \S+ is already used by another project$/)
    expect(dry.body.data.changes.length).toBeGreaterThan(0)
    expect((await platform.call('GET', core('/websites'))).body.meta.total).toBe(before)
    // A backup of the project itself is tried as well, and nothing stands in its way.
    const own = await takeBackup()
    const plain = await platform.call('POST', `${base}/${own.name}/restore?dry_run=true`)
    expect(plain.body.data).not.toHaveProperty('refused')
  })

  it('hold every configuration type: restoring at once changes nothing, and a deleted website comes back', async () => {
    const shop = '/api/core/v0/projects/shop'
    const res = await platform.call('POST', `${shop}/backups`, { body: { trigger: 'manual' } })
    const backup = await completed(res.body.data.name, 'shop')
    const document = (await platform.call('GET', `${shop}/backups/${backup.name}/download`)).body
    expect(new Set(document.resources.map((r: Json) => r.type))).toEqual(
      new Set([
        'websites',
        'directors',
        'pagerules',
        'synthetics',
        'codesnippets',
        'wafconfigs',
        'iplists',
        'ratelimits',
        'challenges',
        'sslpolicies',
      ]),
    )
    const dry = await platform.call('POST', `${shop}/backups/${backup.name}/restore?dry_run=true`)
    expect(dry.body.data.changes).toEqual([])

    const site = await platform.call('GET', `${shop}/websites/shop-example-com`)
    await platform.call('DELETE', `${shop}/websites/shop-example-com`, {
      headers: { 'if-match': `"${site.body.data.revision}"` },
    })
    const restored = await platform.call('POST', `${shop}/backups/${backup.name}/restore`)
    expect(restored.body.data.changes).toEqual([{ type: 'websites', name: 'shop-example-com', action: 'create' }])
    const back = await platform.call('GET', `${shop}/websites/shop-example-com`)
    expect(back.body.data).toMatchObject({
      domain_name: site.body.data.domain_name,
      challenges: site.body.data.challenges,
    })
  })

  it('bring a captcha back with its secret', async () => {
    await platform.call('POST', core('/challenges'), {
      body: { name: 'kept-secret', type: 'hcaptcha', site_key: 'site-key-2', secret: 'hidden-secret' },
    })
    const backup = await takeBackup()
    await write('DELETE', '/challenges/kept-secret')
    const res = await platform.call('POST', `${base}/${backup.name}/restore`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const captcha = await platform.call('GET', core('/challenges/kept-secret'))
    expect(captcha.body.data).toMatchObject({ secret_set: true, site_key: 'site-key-2' })
    expect(captcha.body.data).not.toHaveProperty('secret')
  })

  it('show in a dry run which values change, but never a secret’s', async () => {
    await platform.call('POST', core('/challenges'), {
      body: { name: 'changed-secret', type: 'hcaptcha', site_key: 'site-key-3', secret: 'secret-in-backup' },
    })
    const backup = await takeBackup()
    await write('PATCH', '/challenges/changed-secret', { site_key: 'site-key-4', secret: 'secret-now' })
    const dry = await platform.call('POST', `${base}/${backup.name}/restore?dry_run=true`)
    const change = dry.body.data.changes.find((item: Json) => item.name === 'changed-secret')
    expect(change).toMatchObject({ action: 'update', fields: ['site_key', 'secret'] })
    expect(change.values).toEqual({ site_key: { now: 'site-key-4', backup: 'site-key-3' } })
    expect(JSON.stringify(dry.body)).not.toMatch(/secret-in-backup|secret-now/)
  })

  it('are read by a viewer, who can neither take nor restore one', async () => {
    const token = await platform.tokenFor(VIEWER, ['wadp.backups.list', 'wadp.backups.get'])
    const list = await platform.call('GET', base, { token })
    expect(list.status).toBe(200)
    const name = list.body.data[0].name
    expect((await platform.call('POST', base, { token, body: { trigger: 'manual' } })).status).toBe(403)
    expect((await platform.call('POST', `${base}/${name}/restore?dry_run=true`, { token })).status).toBe(403)
    expect((await platform.call('POST', `${base}/import`, { token, body: {} })).status).toBe(403)
  })

  it('refuse bad requests with the field at fault', async () => {
    const wrongTrigger = await platform.call('POST', base, { body: { trigger: 'scheduled' } })
    expect(wrongTrigger.status).toBe(400)
    expect(wrongTrigger.body.errors[0].field).toBe('trigger')
    const badQuery = await platform.call('POST', `${base}/s-19700101/restore?dry_run=maybe`)
    expect(badQuery.status).toBe(400)
    expect((await platform.call('POST', `${base}/b-none/restore?dry_run=true`)).status).toBe(404)
    const badRevision = await platform.call('POST', `${base}/b-none/restore`, { body: { plan_revision: 'x' } })
    expect(badRevision.status).toBe(400)
    expect(badRevision.body.errors[0].field).toBe('plan_revision')
  })

  it('is accepted (202, queued) when its task cannot be queued at once: the minute sweep queues it', async () => {
    const { ctx } = platform.server
    const enqueue = ctx.enqueue
    ctx.enqueue = async () => {
      throw new Error('the job queue is away')
    }
    let name: string
    try {
      const res = await platform.call('POST', base, { body: { trigger: 'manual', display_name: 'queue away' } })
      expect(res.status).toBe(202)
      expect(res.body.data).toMatchObject({ status: 'queued', display_name: 'queue away' })
      name = res.body.data.name
    } finally {
      ctx.enqueue = enqueue
    }
    const swept = await requeueStrandedBackups(ctx, Date.now() + 2 * 60_000)
    expect(swept.map((backup) => backup.name)).toContain(name)
    expect(await completed(name)).toMatchObject({ status: 'completed' })
  })

  // Before the scheduled days below, whose tasks keep the queue busy for a while.
  it('left queued with no task (its process died before queueing it) are queued again after a minute', async () => {
    const { ctx } = platform.server
    // What the request (or the scheduled job) stores, without the task it would have queued next.
    const store = (name: string) =>
      recordBackup(ctx, {
        project: PROJECT,
        name,
        trigger: 'manual',
        displayName: null,
        actor: ADMIN,
        now: Date.now(),
        auditActor: { type: 'system', email: null, token_prefix: null, ip: 'local', user_agent: 'test' },
        audited: { trigger: 'manual' },
      })
    expect(await store('b-stranded')).not.toBeNull()
    // One whose run waits in the queue (due in an hour) is left to it: no second run.
    expect(await store('b-waiting')).not.toBeNull()
    await queryRows(
      platform,
      sql`insert into pgboss.job (name, data, start_after)
          values ('run-backup', ${JSON.stringify({ project: PROJECT, name: 'b-waiting' })}::jsonb, now() + interval '1 hour')`,
    )
    const names = (queued: { project: string; name: string }[]) =>
      queued.filter((backup) => backup.project === PROJECT).map((backup) => backup.name)
    // Under a minute old: its task may still be on its way.
    expect(names(await requeueStrandedBackups(ctx, Date.now()))).toEqual([])
    expect(names(await requeueStrandedBackups(ctx, Date.now() + 2 * 60_000))).toEqual(['b-stranded'])
    expect(await completed('b-stranded')).toMatchObject({ status: 'completed' })
    expect(names(await requeueStrandedBackups(ctx, Date.now() + 2 * 60_000))).toEqual([])
    const waiting = await platform.call('GET', `${base}/b-waiting`)
    expect(waiting.body.data.status).toBe('queued')
    await queryRows(platform, sql`delete from pgboss.job where name = 'run-backup' and data->>'name' = 'b-waiting'`)
  })

  it('are scheduled once a day per project, keeping the last seven', async () => {
    const { ctx } = platform.server
    // The platform took the day's scheduled backup when it started.
    await scheduledBackupsTaken(platform)
    const today = await platform.call('GET', base)
    expect(today.body.data.filter((b: Json) => b.trigger === 'scheduled')).toHaveLength(1)
    const start = Date.parse('2031-03-01T09:00:00Z')
    for (let day = 0; day < SCHEDULED_BACKUPS_KEPT + 2; day += 1) {
      const queued = await scheduleBackups(ctx, start + day * DAY)
      expect(queued.map((b) => b.project)).toContain(PROJECT)
      // The same day again, on any process: already taken.
      expect(await scheduleBackups(ctx, start + day * DAY + 3_600_000)).toEqual([])
      await runBackup(ctx, PROJECT, queued.find((b) => b.project === PROJECT)?.name ?? '', start + day * DAY)
    }
    const list = await platform.call('GET', `${base}?items=100`)
    const scheduled = list.body.data.filter((b: Json) => b.trigger === 'scheduled').map((b: Json) => b.name)
    expect(scheduled).toHaveLength(SCHEDULED_BACKUPS_KEPT)
    expect(scheduled[0]).toBe('s-20310309')
    expect(scheduled.at(-1)).toBe('s-20310303')
    const latest = list.body.data.find((b: Json) => b.name === 's-20310309')
    expect(latest).toMatchObject({ status: 'completed', requested_at: '2031-03-09T09:00:00.000Z' })
    // Manual backups are never pruned.
    expect(list.body.data.some((b: Json) => b.trigger === 'manual')).toBe(true)
  })

  it('are never stored for a project deleted after the scheduled job listed it', async () => {
    const { ctx } = platform.server
    // The job lists the projects, then writes each one's backup: a project deleted in between gets none.
    const stored = await recordBackup(ctx, {
      project: 'deleted-meanwhile',
      name: scheduledName(Date.parse('2031-04-01T09:00:00Z')),
      trigger: 'scheduled',
      displayName: null,
      actor: 'system',
      now: Date.parse('2031-04-01T09:00:00Z'),
      auditActor: { type: 'system', email: null, token_prefix: null, ip: 'local', user_agent: 'jobs' },
      audited: { trigger: 'scheduled' },
    })
    expect(stored).toBeNull()
    const left = await queryRows<{ n: number }>(
      platform,
      sql`select count(*)::int as n from resources where scope = 'deleted-meanwhile'`,
    )
    expect(left[0]?.n).toBe(0)
  })
})
