import { randomBytes } from 'node:crypto'
import * as v from 'valibot'
import {
  BACKUP_FORMAT,
  BACKUP_STATUSES,
  BACKUP_TRIGGERS,
  BackupDocument,
  CreateBackupBody,
  RestoreBody,
  RestoreQuery,
} from '../../../src/domain/backup.ts'
import { Timestamp } from '../../../src/domain/common.ts'
import { nameParam, newestFirstQuery, ProjectParam } from '../../../src/domain/requests.ts'
import { ApiError, badRequest, conflict, notFound, validBody } from '../../base/errors.ts'
import type { ServerContext } from '../../context.ts'
import { callerOf, writerOf } from '../../http/resource-router.ts'
import { readJson, type ServiceRouter } from '../../http/service.ts'
import { listResources } from '../../resources/store.ts'
import { applyRestore, planFor } from './restore.ts'
import {
  BACKUP_TYPE,
  backupDocument,
  completedFields,
  documentDigest,
  documentText,
  presentBackup,
  RUN_BACKUP_TASK,
  recordBackup,
} from './snapshots.ts'

const ProjectParams = v.object({ project: ProjectParam })
const ItemParams = v.object({ project: ProjectParam, name: nameParam('backup') })

const NOT_A_BACKUP = 'is not a backup document downloaded from this console'

/** `b-<time base36>-<random>`: sorts by time, cannot be guessed from another. */
const backupId = (now: number) => `b-${now.toString(36)}-${randomBytes(4).toString('hex')}`

/**
 * A document as uploaded: the right shape, its digest matching its content, and every resource valid
 * for its type today (a document is checked again when it is restored).
 */
async function checkedDocument(ctx: ServerContext, project: string, body: unknown): Promise<BackupDocument> {
  // Some other file altogether: one sentence, not the same one for each of its missing fields.
  const format = body !== null && typeof body === 'object' ? (body as { format?: unknown }).format : undefined
  if (format !== BACKUP_FORMAT) throw badRequest(`the file ${NOT_A_BACKUP}`, [{ field: '', message: NOT_A_BACKUP }])
  const document = validBody(BackupDocument, body, 'backup document')
  if (documentDigest(document) !== document.sha256) {
    throw badRequest('the backup document was changed after it was downloaded: its sha256 does not match', [
      { field: 'sha256', message: 'does not match the document' },
    ])
  }
  // Computing the plan checks every type and duplicate without writing anything.
  await planFor(ctx, project, document)
  for (const [index, entry] of document.resources.entries()) {
    const definition = ctx.resources.definition(entry.type)
    if (!definition) continue
    try {
      ctx.resources.parseBody(
        definition,
        { ...entry.data, name: entry.name, display_name: entry.display_name },
        'create',
      )
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const errors = error.errors.map((e) => ({ ...e, field: `resources.${index}.data.${e.field}` }))
      throw badRequest(`the backup holds an invalid ${definition.label} ${entry.name}: ${error.message}`, errors)
    }
  }
  return document
}

const d = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description))
const orNull = (schema: v.GenericSchema, description: string) => d(v.nullable(schema), description)

/** A backup as the API answers it (`BackupRecord`), for openapi.json. */
const BackupSchema = v.object({
  name: d(v.string(), 'The backup’s id'),
  display_name: orNull(v.string(), 'Name shown in the console'),
  trigger: d(v.picklist(BACKUP_TRIGGERS), 'Taken on request, by the daily schedule, or uploaded'),
  status: d(v.picklist(BACKUP_STATUSES), 'queued, running, then completed (or failed)'),
  size_bytes: orNull(v.number(), 'Size of its document, once completed'),
  sha256: orNull(v.string(), 'SHA-256 of its document, once completed'),
  resource_count: orNull(v.number(), 'How many resources it holds, once completed'),
  message: orNull(v.string(), 'Why it failed'),
  requested_at: d(Timestamp, 'When it was asked for'),
  completed_at: orNull(Timestamp, 'When it completed or failed'),
  created_by: d(v.string(), 'Who asked for it'),
})
const BackupAnswer = v.object({ data: BackupSchema })
const BackupListAnswer = v.object({
  data: d(v.array(BackupSchema), 'The backups on this page, newest first'),
  meta: v.object({ total: v.number(), page: v.number(), items: v.number() }),
})
const RestoreAnswer = v.object({
  data: v.object({
    changes: d(
      v.array(
        v.object({
          type: d(v.string(), 'Resource type'),
          name: d(v.string(), 'Resource name'),
          action: d(v.picklist(['create', 'update', 'delete']), 'What the restore does to it'),
          fields: v.optional(d(v.array(v.string()), 'The fields an update changes')),
          values: v.optional(
            d(
              v.record(v.string(), v.object({ now: v.unknown(), backup: v.unknown() })),
              'For each changed field that can be shown, its value now and in the backup',
            ),
          ),
        }),
      ),
      'What the restore changes',
    ),
    plan_revision: d(v.number(), 'The project’s revision the plan was made at: send it back to apply this plan'),
    applied: v.optional(d(v.boolean(), 'Present and true once applied')),
    refused: v.optional(
      d(
        v.string(),
        'A dry run only: why applying this plan would be refused (a domain another project uses, a reference to nothing), found by making its changes and undoing them',
      ),
    ),
  }),
})

/** Backups (API.md, Backups): taken on request or once a day, downloaded, uploaded, restored. */
/** A time as an uploaded backup's name says it: `2026-11-29 16:55 UTC` (the list shows it as written). */
function readableTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const time = date.toISOString()
  return `${time.slice(0, 10)} ${time.slice(11, 16)} UTC`
}

export function registerBackups(router: ServiceRouter, ctx: ServerContext) {
  const base = '/projects/:project/backups'

  router.route({
    method: 'get',
    path: base,
    summary: 'The project’s backups, newest first',
    access: { permission: 'wadp.backups.list' },
    params: ProjectParams,
    query: newestFirstQuery(),
    response: BackupListAnswer,
    handler: async ({ c, params, query }) => {
      // Without their documents, which the list never shows.
      const { rows, total } = await listResources(
        ctx.db,
        BACKUP_TYPE,
        params.project,
        { ...query, sort: '-requested_at' },
        ['document'],
      )
      return c.json({ data: rows.map(presentBackup), meta: { total, page: query.page, items: query.items } })
    },
  })

  router.route({
    method: 'post',
    path: base,
    summary: 'Take a backup of the project’s configuration now (202: queued, then running, then completed)',
    access: { permission: 'wadp.backups.create' },
    params: ProjectParams,
    body: CreateBackupBody,
    example: { trigger: 'manual', display_name: 'Before the checkout migration' },
    status: 202,
    response: BackupAnswer,
    headers: ['Location'],
    handler: async ({ c, params, body, principal }) => {
      // Recorded within the write deadline of its arrival or not at all (503): the console gives it 5 s.
      // An upload (below) has none: the console gives it a minute.
      const caller = writerOf(c, principal, ctx.config.writeDeadlineMs)
      const now = ctx.now()
      const record = await recordBackup(ctx, {
        project: params.project,
        name: backupId(now),
        trigger: 'manual',
        displayName: body.display_name ?? null,
        actor: principal.email,
        now,
        auditActor: caller.actor,
        audited: body,
        deadline: caller.deadline,
      })
      if (!record) throw new Error('backup id collision')
      // Stored: if its task cannot be queued now, the minute sweep queues it (requeueStrandedBackups).
      await ctx.enqueue(RUN_BACKUP_TASK, { project: params.project, name: record.name }).catch((error: unknown) => {
        console.error(`backup ${params.project}/${record.name}: its task waits for the sweep: ${String(error)}`)
      })
      c.header('Location', `${c.req.path}/${record.name}`)
      return c.json({ data: presentBackup(record) }, 202)
    },
  })

  router.route({
    method: 'post',
    path: `${base}/import`,
    summary: 'Upload a downloaded backup document as a new backup of this project (trigger uploaded)',
    access: { permission: 'wadp.backups.create' },
    params: ProjectParams,
    documentedBody: BackupDocument,
    response: BackupAnswer,
    headers: ['Location'],
    handler: async ({ c, params, principal }) => {
      const document = await checkedDocument(ctx, params.project, await readJson(c))
      const caller = callerOf(c, principal)
      const now = ctx.now()
      const record = await recordBackup(ctx, {
        project: params.project,
        name: backupId(now),
        trigger: 'uploaded',
        displayName: `Uploaded: ${document.project}, ${readableTime(document.taken_at)}`,
        actor: principal.email,
        now,
        fields: completedFields(document, now),
        auditActor: caller.actor,
        audited: { trigger: 'uploaded', source_project: document.project, sha256: document.sha256 },
      })
      if (!record) throw new Error('backup id collision')
      // The new backup is read where every backup is: …/backups/{name}, not at the path uploaded to.
      c.header('Location', `${c.req.path.replace(/\/import$/, '')}/${record.name}`)
      return c.json({ data: presentBackup(record) }, 201)
    },
  })

  router.route({
    method: 'get',
    path: `${base}/:name`,
    summary: 'One backup: trigger, status, size and sha256',
    access: { permission: 'wadp.backups.get' },
    params: ItemParams,
    response: BackupAnswer,
    handler: async ({ c, params }) => {
      const found = await backupDocument(ctx.db, params.project, params.name)
      if (!found) throw notFound(`backup ${params.name}`)
      return c.json({ data: presentBackup(found.record) })
    },
  })

  const completedDocument = async (project: string, name: string) => {
    const found = await backupDocument(ctx.db, project, name)
    if (!found) throw notFound(`backup ${name}`)
    if (!found.document) throw conflict(`backup ${name} is ${String(found.record.status)}: it holds no document yet`)
    return found.document
  }

  router.route({
    method: 'get',
    path: `${base}/:name/download`,
    summary: 'The backup document (JSON, as an attachment)',
    access: { permission: 'wadp.backups.get' },
    params: ItemParams,
    response: BackupDocument,
    headers: ['Content-Disposition'],
    errors: [409],
    handler: async ({ c, params }) => {
      const document = await completedDocument(params.project, params.name)
      return c.body(documentText(document), 200, {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${params.project}-${params.name}.json"`,
      })
    },
  })

  router.route({
    method: 'post',
    path: `${base}/:name/restore`,
    summary:
      'Restore the project’s configuration from a backup: dry_run=true lists the changes; without it they are applied in one transaction (409 when the project changed since plan_revision)',
    access: { permission: 'wadp.backups.restore' },
    params: ItemParams,
    query: RestoreQuery,
    body: RestoreBody,
    status: 200,
    response: RestoreAnswer,
    errors: [409],
    handler: async ({ c, params, query, body, principal }) => {
      const document = await completedDocument(params.project, params.name)
      // A dry run makes the changes and undoes them (applyRestore): its plan says what would refuse them.
      const dryRun = query.dry_run === 'true'
      const planRevision = dryRun ? undefined : body?.plan_revision
      const plan = await applyRestore(
        ctx,
        params.project,
        params.name,
        document,
        planRevision,
        callerOf(c, principal),
        dryRun,
      )
      return c.json({ data: plan })
    },
  })
}
