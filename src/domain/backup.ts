import * as v from 'valibot'
import { DisplayName, jsonObject, Slug } from './common.ts'

/** RESOURCES.md, Tools: how a backup came to be and where it stands. */
export const BACKUP_TRIGGERS = ['manual', 'scheduled', 'uploaded'] as const
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number]
export const BACKUP_STATUSES = ['queued', 'running', 'completed', 'failed'] as const
export type BackupStatus = (typeof BACKUP_STATUSES)[number]

/** The scheduled backups a project keeps (API.md, Backups). */
export const SCHEDULED_BACKUPS_KEPT = 7
/** What the document says it is: a download of another kind is refused before anything else is read. */
export const BACKUP_FORMAT = 'wadp-backup'
export const BACKUP_FORMAT_VERSION = 1

/** `POST /projects/{p}/backups`: a manual backup, optionally named for the list. */
export const CreateBackupBody = v.object({
  trigger: v.pipe(
    v.literal('manual', 'must be manual (scheduled backups are taken by the platform)'),
    v.description('manual: the platform takes scheduled backups itself'),
  ),
  display_name: v.optional(
    v.pipe(
      v.nullable(DisplayName),
      v.description('A name for the list, such as Before the migration (blank: none)'),
      // Blank is no name: the list then names it by its trigger and time, not with an empty label.
      v.transform((name) => (name === '' ? null : name)),
    ),
  ),
})
export type CreateBackupRequest = v.InferOutput<typeof CreateBackupBody>

/** `POST …/restore`: the project's configuration revision the dry run was computed at. */
export const RestoreBody = v.optional(
  v.object({
    plan_revision: v.optional(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(0, 'must be 0 or more'),
        v.description('The plan_revision of the dry run: the restore is refused (409) if the project changed since'),
      ),
    ),
  }),
)

export const RestoreQuery = v.object({
  dry_run: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'must be true or false'),
      v.description('true lists the changes and applies none'),
    ),
  ),
})

/** A write-only field as a backup carries it: sealed with the platform's backup key (AES-256-GCM). */
export const SealedSecret = jsonObject({
  iv: v.pipe(v.string(), v.base64('must be base64'), v.description('AES-GCM nonce, base64')),
  tag: v.pipe(v.string(), v.base64('must be base64'), v.description('AES-GCM authentication tag, base64')),
  data: v.pipe(v.string(), v.base64('must be base64'), v.description('The sealed value, base64')),
})
export type SealedSecret = v.InferOutput<typeof SealedSecret>

/** One configuration resource as a backup holds it: its fields, without the server's bookkeeping. */
export const BackupEntry = jsonObject({
  type: v.pipe(Slug, v.description('The resource type, as in its API path: websites, directors…')),
  name: v.pipe(
    v.string('must be a string'),
    v.minLength(1, 'must not be empty'),
    v.maxLength(200),
    v.description('The resource’s name'),
  ),
  display_name: v.pipe(v.nullable(v.string('must be a string')), v.description('The resource’s display name')),
  data: v.pipe(
    v.record(v.string(), v.unknown(), 'must be an object'),
    v.description('The resource’s fields, as its type’s schema takes them'),
  ),
  sealed: v.optional(
    v.pipe(
      v.record(v.string(), SealedSecret, 'must map field names to sealed secrets'),
      v.description('Write-only fields, sealed with the platform’s backup key'),
    ),
  ),
})
export type BackupEntry = v.InferOutput<typeof BackupEntry>

/**
 * The downloadable document. `sha256` is the digest of the rest of it in canonical form (keys sorted,
 * no spaces), so a document that was edited after download is refused on upload.
 */
export const BackupDocument = jsonObject(
  {
    format: v.pipe(v.literal(BACKUP_FORMAT, `must be ${BACKUP_FORMAT}`), v.description('What the document is')),
    version: v.pipe(
      v.literal(BACKUP_FORMAT_VERSION, `must be ${BACKUP_FORMAT_VERSION}`),
      v.description('The document format’s version'),
    ),
    project: v.pipe(Slug, v.description('The project it was taken of')),
    taken_at: v.pipe(
      v.string('must be a string'),
      v.isoTimestamp('must be an ISO 8601 time'),
      v.description('When it was taken'),
    ),
    revision: v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(0),
      v.description('The project’s configuration revision when it was taken'),
    ),
    resources: v.pipe(
      v.array(BackupEntry, 'must be a list of resources'),
      v.description('Every configuration resource of the project'),
    ),
    sha256: v.pipe(
      v.string('must be a string'),
      v.regex(/^[0-9a-f]{64}$/, 'must be 64 hexadecimal digits'),
      v.description('SHA-256 of the rest of the document in canonical JSON (keys sorted, no spaces)'),
    ),
  },
  (issue) =>
    issue.input === undefined && issue.path ? 'is required' : 'must be a backup document downloaded from this console',
)
export type BackupDocument = v.InferOutput<typeof BackupDocument>

/** A backup as the API lists it (the document itself comes from its download). */
export type BackupRecord = {
  name: string
  display_name: string | null
  trigger: BackupTrigger
  status: BackupStatus
  size_bytes: number | null
  sha256: string | null
  resource_count: number | null
  message: string | null
  requested_at: string
  completed_at: string | null
  created_by: string
}

/**
 * One line of a restore plan: what happens to a resource, and for an update which fields change and,
 * in `values`, from what to what (not for a secret, nor for a value too long to show in a dialog).
 */
export type RestoreChange = {
  type: string
  name: string
  action: 'create' | 'update' | 'delete'
  fields?: string[]
  values?: Record<string, { now: unknown; backup: unknown }>
}

/** A changed field's two values are shown up to this length of JSON: an IP list's 10,000 entries are not. */
export const SHOWN_VALUE_CHARS = 2000
export type RestorePlan = {
  changes: RestoreChange[]
  plan_revision: number
  applied?: boolean
  /** A dry run's: why applying the plan would be refused, found by trying it (then undone). */
  refused?: string
}

/** JSON with its object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner
    return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
  })
}

/** A resource's content as a restore compares it: display name and fields, sealed secrets by their text. */
export type ComparableEntry = {
  display_name: string | null
  data: Record<string, unknown>
  secrets: Record<string, string>
}

/** The fields whose values differ between what is stored now and what the backup holds. */
export function changedFields(now: ComparableEntry, backup: ComparableEntry): string[] {
  const fields: string[] = []
  if ((now.display_name ?? null) !== (backup.display_name ?? null)) fields.push('display_name')
  const keys = new Set([...Object.keys(now.data), ...Object.keys(backup.data)])
  for (const key of [...keys].sort()) {
    if (canonicalJson(now.data[key] ?? null) !== canonicalJson(backup.data[key] ?? null)) fields.push(key)
  }
  const secretKeys = new Set([...Object.keys(now.secrets), ...Object.keys(backup.secrets)])
  for (const key of [...secretKeys].sort()) if (now.secrets[key] !== backup.secrets[key]) fields.push(key)
  return fields
}

/** The changed fields' values now and in the backup, but secrets and long values. */
function shownValues(now: ComparableEntry, backup: ComparableEntry, fields: readonly string[]) {
  const values: Record<string, { now: unknown; backup: unknown }> = {}
  for (const field of fields) {
    if (field in now.secrets || field in backup.secrets) continue
    const pair =
      field === 'display_name'
        ? { now: now.display_name ?? null, backup: backup.display_name ?? null }
        : { now: now.data[field] ?? null, backup: backup.data[field] ?? null }
    if (JSON.stringify(pair).length <= SHOWN_VALUE_CHARS) values[field] = pair
  }
  return values
}

/**
 * What restoring `backup` over `current` does, type by type in the order given: resources only in the
 * backup are created, those in both with different content updated, those only in the project deleted.
 */
export function planRestore(
  types: readonly string[],
  current: ReadonlyMap<string, ReadonlyMap<string, ComparableEntry>>,
  backup: ReadonlyMap<string, ReadonlyMap<string, ComparableEntry>>,
): RestoreChange[] {
  const changes: RestoreChange[] = []
  for (const type of types) {
    const now = current.get(type) ?? new Map<string, ComparableEntry>()
    const then = backup.get(type) ?? new Map<string, ComparableEntry>()
    const names = [...new Set([...now.keys(), ...then.keys()])].sort()
    for (const name of names) {
      const stored = now.get(name)
      const wanted = then.get(name)
      if (!stored && wanted) changes.push({ type, name, action: 'create' })
      else if (stored && !wanted) changes.push({ type, name, action: 'delete' })
      else if (stored && wanted) {
        const fields = changedFields(stored, wanted)
        if (fields.length > 0)
          changes.push({ type, name, action: 'update', fields, values: shownValues(stored, wanted, fields) })
      }
    }
  }
  return changes
}

/** A restore plan grouped for reading: per type, what is created, updated and deleted. */
export function groupChanges(changes: readonly RestoreChange[]) {
  const groups = new Map<string, { create: RestoreChange[]; update: RestoreChange[]; delete: RestoreChange[] }>()
  for (const change of changes) {
    const group = groups.get(change.type) ?? { create: [], update: [], delete: [] }
    group[change.action].push(change)
    groups.set(change.type, group)
  }
  return [...groups.entries()].map(([type, group]) => ({ type, ...group }))
}
