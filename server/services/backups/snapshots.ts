import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupDocument,
  type BackupEntry,
  type BackupRecord,
  type BackupTrigger,
  canonicalJson,
  SCHEDULED_BACKUPS_KEPT,
  type SealedSecret,
} from '../../../src/domain/backup.ts'
import { type AuditActor, recordAudit } from '../../audit.ts'
import type { ServerContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { cacheGroup } from '../../db/generations.ts'
import { resources, settings } from '../../db/schema.ts'
import type { JobDefinition, TaskDefinition } from '../../platform/jobs.ts'
import { currentRevision } from '../../platform/revisions.ts'
import { transactionBefore } from '../../resources/deadline.ts'
import type { ResourceDefinition, ResourceRecord } from '../../resources/definition.ts'
import type { ResourceService } from '../../resources/service.ts'
import { getResource, insertResource, lockResource } from '../../resources/store.ts'

/** Backups are kept in the resources table under this type; their own endpoints serve them. */
export const BACKUP_TYPE = 'backups'
export const RUN_BACKUP_TASK = 'run-backup'
const KEY_SETTING = 'backup-key'
const SYSTEM_ACTOR: AuditActor = { type: 'system', email: null, token_prefix: null, ip: 'local', user_agent: 'jobs' }

/**
 * The types a backup holds: the project's configuration, referenced types before the types naming them,
 * so a restore can create in this order and delete in the reverse one.
 */
export function backupTypes(service: ResourceService): ResourceDefinition[] {
  const candidates = service
    .all()
    .filter((definition) => definition.scope === 'project' && definition.configuration && definition.backedUp !== false)
  const byType = new Map(candidates.map((definition) => [definition.type, definition]))
  const ordered: ResourceDefinition[] = []
  const visiting = new Set<string>()
  const visit = (definition: ResourceDefinition) => {
    if (ordered.includes(definition) || visiting.has(definition.type)) return
    visiting.add(definition.type)
    for (const target of Object.values(definition.references ?? {})) {
      const referenced = byType.get(target)
      if (referenced) visit(referenced)
    }
    ordered.push(definition)
  }
  for (const definition of [...candidates].sort((a, b) => a.type.localeCompare(b.type))) visit(definition)
  return ordered
}

/** The platform's backup key, made once for the cluster (the first process to need it stores it). */
async function backupKey(db: Db): Promise<Buffer> {
  const read = async () => (await db.select().from(settings).where(eq(settings.key, KEY_SETTING)).limit(1))[0]
  let row = await read()
  if (!row) {
    await db
      .insert(settings)
      .values({ key: KEY_SETTING, value: { key: randomBytes(32).toString('base64') } })
      .onConflictDoNothing()
    row = await read()
  }
  const stored = row?.value as { key?: string } | undefined
  if (!stored?.key) throw new Error('the backup key could not be stored')
  return Buffer.from(stored.key, 'base64')
}

/** A write-only field's value sealed for a download: readable only by a platform holding the key. */
export function seal(key: Buffer, text: string): SealedSecret {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') }
}

/** The sealed value, or null when another platform's key sealed it (or it was altered). */
export function unseal(key: Buffer, sealed: SealedSecret): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'))
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'))
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

export async function openSecrets(db: Db) {
  const key = await backupKey(db)
  return { seal: (text: string) => seal(key, text), unseal: (sealed: SealedSecret) => unseal(key, sealed) }
}

/** A stored resource's fields as a backup keeps them: no bookkeeping, no derived or write-only fields. */
export function entryFields(definition: ResourceDefinition, record: ResourceRecord) {
  const { name, display_name, revision, created_at, created_by, updated_at, updated_by, ...data } = record
  for (const field of [...(definition.readOnlyFields ?? []), ...(definition.secretFields ?? [])]) delete data[field]
  const secrets: Record<string, string> = {}
  for (const field of definition.secretFields ?? []) {
    const value = record[field]
    if (typeof value === 'string' && value !== '') secrets[field] = value
  }
  return { name, display_name, data, secrets }
}

/** The digest a document carries: SHA-256 of everything else in it, in canonical JSON. */
export function documentDigest(document: Omit<BackupDocument, 'sha256'>): string {
  const { sha256: _ignored, ...rest } = document as BackupDocument
  return createHash('sha256').update(canonicalJson(rest)).digest('hex')
}

/** The download's text: canonical key order, indented for people. */
export function documentText(document: BackupDocument): string {
  return `${JSON.stringify(JSON.parse(canonicalJson(document)), null, 2)}\n`
}

/** Every configuration resource of the project, as one document. */
export async function snapshot(ctx: ServerContext, project: string, now: number): Promise<BackupDocument> {
  const definitions = backupTypes(ctx.resources)
  const secrets = await openSecrets(ctx.db)
  const revision = await currentRevision(ctx.db, project)
  const rows = await ctx.db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.scope, project),
        inArray(
          resources.type,
          definitions.map((definition) => definition.type),
        ),
      ),
    )
    .orderBy(resources.type, resources.name)
  const byType = new Map(definitions.map((definition) => [definition.type, definition]))
  const entries: BackupEntry[] = rows.map((row) => {
    const definition = byType.get(row.type) as ResourceDefinition
    const fields = entryFields(definition, {
      name: row.name,
      display_name: row.displayName,
      ...row.data,
      revision: row.revision,
      created_at: row.createdAt,
      created_by: row.createdBy,
      updated_at: row.updatedAt,
      updated_by: row.updatedBy,
    })
    const sealed = Object.fromEntries(
      Object.entries(fields.secrets).map(([field, text]) => [field, secrets.seal(text)]),
    )
    return {
      type: row.type,
      name: fields.name,
      display_name: fields.display_name,
      data: fields.data,
      ...(Object.keys(sealed).length > 0 ? { sealed } : {}),
    }
  })
  const document = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    project,
    taken_at: new Date(now).toISOString(),
    revision: revision.revision,
    resources: entries,
  } as const
  return { ...document, sha256: documentDigest(document) }
}

type StoredBackup = Omit<BackupRecord, 'name' | 'display_name' | 'created_by'> & { document?: BackupDocument }

/** A backup as the API shows it: never its document, which only its download carries. */
export function presentBackup(record: ResourceRecord): BackupRecord {
  const data = record as unknown as StoredBackup & ResourceRecord
  return {
    name: record.name,
    display_name: record.display_name,
    trigger: data.trigger,
    status: data.status,
    size_bytes: data.size_bytes ?? null,
    sha256: data.sha256 ?? null,
    resource_count: data.resource_count ?? null,
    message: data.message ?? null,
    requested_at: data.requested_at,
    completed_at: data.completed_at ?? null,
    created_by: record.created_by,
  }
}

/** What a finished backup stores beside its document. */
export function completedFields(document: BackupDocument, now: number) {
  return {
    status: 'completed',
    size_bytes: Buffer.byteLength(documentText(document)),
    sha256: document.sha256,
    resource_count: document.resources.length,
    message: null,
    completed_at: new Date(now).toISOString(),
    document,
  }
}

async function setData(db: Db, project: string, name: string, patch: Record<string, unknown>) {
  await db
    .update(resources)
    .set({ data: sql`${resources.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: sql`now()` })
    .where(and(eq(resources.type, BACKUP_TYPE), eq(resources.scope, project), eq(resources.name, name)))
}

/** Stores a backup request (`queued`); null when one of that name exists (a scheduled slot taken). */
export async function insertBackup(
  db: Db,
  args: {
    project: string
    name: string
    trigger: BackupTrigger
    displayName: string | null
    actor: string
    now: number
    fields?: Record<string, unknown>
  },
) {
  return insertResource(db, {
    type: BACKUP_TYPE,
    scope: args.project,
    name: args.name,
    displayName: args.displayName,
    data: { trigger: args.trigger, status: 'queued', requested_at: new Date(args.now).toISOString(), ...args.fields },
    searchText: '',
    actor: args.actor,
  })
}

/**
 * A new backup and its audit entry, in one transaction; null when its name is taken (the day's scheduled
 * backup stored by another process). With a `deadline`, committed before it or not at all (a 503:
 * server/resources/deadline.ts).
 */
export async function recordBackup(
  ctx: ServerContext,
  args: Parameters<typeof insertBackup>[1] & {
    auditActor: AuditActor
    audited: Record<string, unknown>
    deadline?: number | undefined
  },
) {
  const { auditActor, audited, deadline, ...backup } = args
  const group = cacheGroup(BACKUP_TYPE, backup.project)
  const { stored, generation } = await transactionBefore(ctx.db, deadline, async (tx) => {
    // The project may have gone since the caller looked (the scheduled job lists every project first):
    // no backup for a deleted project, and none written while one is being deleted (lockResource).
    if (!(await lockResource(tx as Db, 'projects', '', backup.project, 'share'))) {
      return { stored: null, generation: undefined }
    }
    const inserted = await insertBackup(tx as Db, backup)
    if (!inserted) return { stored: null, generation: undefined }
    await recordAudit(tx as Db, {
      actor: auditActor,
      action: 'backups.create',
      result: 'success',
      resource: { type: BACKUP_TYPE, name: inserted.name },
      project: backup.project,
      changes: { before: null, after: audited },
    })
    return { stored: inserted, generation: (await ctx.generations.bump(tx as Db, [group])).get(group) }
  })
  // The global search finds backups by name and display name (server/services/search-index.ts).
  if (stored) ctx.resources.notify(BACKUP_TYPE, backup.project, [stored.name], generation)
  return stored
}

/**
 * Takes the backup: `running`, then the document and `completed`. Safe to run again after a process
 * died mid-way (it starts over); a backup already finished is left as it is.
 */
export async function runBackup(ctx: ServerContext, project: string, name: string, now: number): Promise<void> {
  const record = await getResource(ctx.db, BACKUP_TYPE, project, name)
  if (!record || record.status === 'completed' || record.status === 'failed') return
  await setData(ctx.db, project, name, { status: 'running' })
  try {
    await setData(ctx.db, project, name, completedFields(await snapshot(ctx, project, now), ctx.now()))
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await setData(ctx.db, project, name, { status: 'failed', message: `the backup could not be taken: ${message}` })
  }
}

export const runBackupTask: TaskDefinition<{ project: string; name: string }, ServerContext> = {
  name: RUN_BACKUP_TASK,
  run: (ctx, data, now) => runBackup(ctx, data.project, data.name, now),
}

/** The scheduled backup of a UTC day: one name per day, so a second offer of the same day finds it taken. */
export const scheduledName = (now: number) => `s-${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}`

/**
 * Once per cluster per run: every project gets its backup of the day (queued, then taken by the task)
 * and keeps only its last SCHEDULED_BACKUPS_KEPT scheduled ones. Returns the backups it queued.
 */
export async function scheduleBackups(ctx: ServerContext, now: number): Promise<{ project: string; name: string }[]> {
  const projects = await ctx.db
    .select({ name: resources.name })
    .from(resources)
    .where(and(eq(resources.type, 'projects'), eq(resources.scope, '')))
    .orderBy(resources.name)
  const queued: { project: string; name: string }[] = []
  for (const { name: project } of projects) {
    const name = scheduledName(now)
    const created = await recordBackup(ctx, {
      project,
      name,
      trigger: 'scheduled',
      displayName: null,
      actor: 'system',
      now,
      auditActor: SYSTEM_ACTOR,
      audited: { trigger: 'scheduled' },
    })
    if (created) {
      queued.push({ project, name })
      await ctx.enqueue(RUN_BACKUP_TASK, { project, name })
    }
    await pruneScheduled(ctx, project)
  }
  return queued
}

/** Deletes the project's scheduled backups beyond the newest SCHEDULED_BACKUPS_KEPT (by their day). */
async function pruneScheduled(ctx: ServerContext, project: string) {
  const scheduled = await ctx.db
    .select({ name: resources.name })
    .from(resources)
    .where(
      and(
        eq(resources.type, BACKUP_TYPE),
        eq(resources.scope, project),
        sql`${resources.data}->>'trigger' = 'scheduled'`,
      ),
    )
    .orderBy(desc(resources.name))
  const old = scheduled.slice(SCHEDULED_BACKUPS_KEPT).map((row) => row.name)
  if (old.length === 0) return
  const group = cacheGroup(BACKUP_TYPE, project)
  const generation = await ctx.db.transaction(async (tx) => {
    await tx
      .delete(resources)
      .where(and(eq(resources.type, BACKUP_TYPE), eq(resources.scope, project), inArray(resources.name, old)))
    return (await ctx.generations.bump(tx as Db, [group])).get(group)
  })
  ctx.resources.notify(BACKUP_TYPE, project, old, generation)
}

export const scheduledBackupJob = (everySeconds: number): JobDefinition<ServerContext> => ({
  name: 'scheduled-backups',
  everySeconds,
  run: async (ctx, now) => {
    await scheduleBackups(ctx, now)
  },
})

/** How long a backup may wait `queued` or `running` with no run of its task before the sweep queues one. */
export const STRANDED_AFTER_MS = 60_000

/**
 * Queues the task again for every backup left `queued` or `running` for over a minute with no run of it
 * in the job queue: a process that died (or whose queue failed) between storing a backup and queueing
 * its task, or a run that used up its retries. Returns the backups it queued again. `runBackup` is safe
 * to run again, and a backup whose run is waiting or under way is left to it.
 */
export async function requeueStrandedBackups(
  ctx: ServerContext,
  now: number,
): Promise<{ project: string; name: string }[]> {
  const before = new Date(now - STRANDED_AFTER_MS).toISOString()
  const stuck = await ctx.db
    .select({ project: resources.scope, name: resources.name })
    .from(resources)
    .where(
      and(
        eq(resources.type, BACKUP_TYPE),
        sql`${resources.data}->>'status' in ('queued', 'running')`,
        sql`${resources.updatedAt} < ${before}::timestamptz`,
      ),
    )
    .orderBy(resources.scope, resources.name)
  if (stuck.length === 0) return []
  const key = (backup: { project?: unknown; name?: unknown }) => `${String(backup.project)}/${String(backup.name)}`
  const running = new Set((await ctx.pendingTasks(RUN_BACKUP_TASK)).map(key))
  const requeued = stuck.filter((backup) => !running.has(key(backup)))
  for (const backup of requeued) await ctx.enqueue(RUN_BACKUP_TASK, backup)
  return requeued
}

/** Every minute, once per cluster: no backup stays `queued` for want of its task (`requeueStrandedBackups`). */
export const strandedBackupJob = (): JobDefinition<ServerContext> => ({
  name: 'requeue-backups',
  everySeconds: STRANDED_AFTER_MS / 1000,
  run: async (ctx, now) => {
    await requeueStrandedBackups(ctx, now)
  },
})

/** A stored backup's document (completed ones only), with its record. */
export async function backupDocument(db: Db, project: string, name: string) {
  const record = await getResource(db, BACKUP_TYPE, project, name)
  if (!record) return null
  const document = (record as ResourceRecord & { document?: BackupDocument }).document ?? null
  return { record, document }
}
