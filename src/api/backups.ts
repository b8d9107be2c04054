import { FetchError } from 'ofetch'
import * as v from 'valibot'
import {
  BACKUP_STATUSES,
  BACKUP_TRIGGERS,
  type BackupRecord,
  type CreateBackupRequest,
  type RestorePlan,
} from '../domain/backup.ts'
import type { ApiClients } from './http.ts'

const path = (project: string) => `/projects/${encodeURIComponent(project)}/backups`
/**
 * An upload (up to 32 MiB), a restore's plan and its application read or write the whole project: like an
 * import, they get a minute, not the 5 s of a call. Given up after 5 s, an upload still stored, or a
 * restore still applied, would be reported as not done.
 */
export const BACKUP_TRANSFER_TIMEOUT_MS = 60_000
const item = (project: string, name: string) => `${path(project)}/${encodeURIComponent(name)}`

const Backup = v.object({
  name: v.string(),
  display_name: v.nullable(v.string()),
  trigger: v.picklist(BACKUP_TRIGGERS),
  status: v.picklist(BACKUP_STATUSES),
  size_bytes: v.nullable(v.number()),
  sha256: v.nullable(v.string()),
  resource_count: v.nullable(v.number()),
  message: v.nullable(v.string()),
  requested_at: v.string(),
  completed_at: v.nullable(v.string()),
  created_by: v.string(),
}) satisfies v.GenericSchema<BackupRecord>

const Plan = v.object({
  changes: v.array(
    v.object({
      type: v.string(),
      name: v.string(),
      action: v.picklist(['create', 'update', 'delete']),
      fields: v.optional(v.array(v.string())),
      values: v.optional(v.record(v.string(), v.object({ now: v.unknown(), backup: v.unknown() }))),
    }),
  ),
  plan_revision: v.number(),
  applied: v.optional(v.boolean()),
  refused: v.optional(v.string()),
})

/** The project's backups, newest first. */
export async function listBackups(api: ApiClients, project: string, items: number) {
  const body = await api.core(path(project), { query: { items } })
  return v.parse(v.object({ data: v.array(Backup), meta: v.object({ total: v.number() }) }), body)
}

export async function createBackup(api: ApiClients, project: string, request: CreateBackupRequest) {
  return v.parse(v.object({ data: Backup }), await api.core(path(project), { method: 'POST', body: request })).data
}

/** The document of a completed backup, as the text the server sends for a download. */
export async function downloadBackup(api: ApiClients, project: string, name: string): Promise<string> {
  return api.core(`${item(project, name)}/download`, { responseType: 'text' })
}

/** A downloaded document sent back: stored as a new backup (trigger `uploaded`). */
export async function importBackup(api: ApiClients, project: string, document: unknown) {
  const body = await api.core(`${path(project)}/import`, {
    method: 'POST',
    body: document as Record<string, unknown>,
    timeout: BACKUP_TRANSFER_TIMEOUT_MS,
  })
  return v.parse(v.object({ data: Backup }), body).data
}

export async function planRestore(api: ApiClients, project: string, name: string): Promise<RestorePlan> {
  const body = await api.core(`${item(project, name)}/restore`, {
    method: 'POST',
    query: { dry_run: 'true' },
    timeout: BACKUP_TRANSFER_TIMEOUT_MS,
  })
  return v.parse(v.object({ data: Plan }), body).data
}

export async function applyRestore(api: ApiClients, project: string, name: string, planRevision: number) {
  const body = await api.core(`${item(project, name)}/restore`, {
    method: 'POST',
    body: { plan_revision: planRevision },
    timeout: BACKUP_TRANSFER_TIMEOUT_MS,
  })
  return v.parse(v.object({ data: Plan }), body).data
}

/** The plan of the project as it is now, which a 409 from a restore carries. */
export function freshPlanOf(error: unknown): RestorePlan | undefined {
  if (!(error instanceof FetchError) || error.statusCode !== 409) return undefined
  const result = v.safeParse(v.object({ data: Plan }), error.data)
  return result.success ? result.output.data : undefined
}
