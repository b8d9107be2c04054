import * as v from 'valibot'
import { CALENDAR_DATE_MESSAGE, isCalendarDate, isStorableTime, STORABLE_TIME_MESSAGE } from './common.ts'
import { ListItems, ListPage } from './requests.ts'

/** RESOURCES.md, Admin: an audit entry as the API returns it. */
export type AuditActor = {
  type: 'user' | 'token' | 'system'
  email: string | null
  token_prefix: string | null
  ip: string | null
  user_agent: string | null
}
export type AuditSummary = {
  public_id: string
  occurred_at: string
  actor: AuditActor
  action: string
  result: 'success' | 'failure'
  resource: { type: string; name: string } | null
  project: string | null
}
export type AuditEntry = AuditSummary & {
  changes: { before: unknown; after: unknown } | null
  /** Whether the resource the entry names still exists (the detail links to it only then). */
  resource_exists: boolean
}

export const AUDIT_RESULTS = ['success', 'failure'] as const

// Descriptions go before the trim: openapi.json describes the input, which ends where a transform starts.
const filterText = (description: string) =>
  v.pipe(v.string(), v.description(description), v.trim(), v.maxLength(200, 'at most 200 characters'))
const TIME_MESSAGE = 'must be a date and time such as 2026-11-23T14:05:09Z'
const time = (description: string) =>
  v.pipe(
    v.string(),
    v.description(description),
    v.trim(),
    v.check((value) => value === '' || !Number.isNaN(Date.parse(value)), TIME_MESSAGE),
    v.check(isCalendarDate, CALENDAR_DATE_MESSAGE),
    v.check((value) => value === '' || isStorableTime(value), STORABLE_TIME_MESSAGE),
  )
export const RANGE_MESSAGE = 'must not be after to'

/** Why a time range cannot be asked for: null when it can. */
export function rangeProblem(query: { from?: string | undefined; to?: string | undefined }): string | null {
  return query.from && query.to && Date.parse(query.from) > Date.parse(query.to) ? RANGE_MESSAGE : null
}

/**
 * `GET /api/auth/v0/audit`: the filters of the Audit Log page, which keeps them in its URL. Empty values
 * mean no filter, so a form field cleared by the user filters nothing.
 */
export const AuditQueryFields = v.object({
  actor: v.optional(filterText('Part of the actor’s e-mail or token prefix')),
  action: v.optional(filterText('An action such as websites.create, or websites.* for all of a type')),
  resource_type: v.optional(filterText('The resource type, as in its API path')),
  project: v.optional(filterText('The project’s name')),
  result: v.optional(
    v.pipe(v.picklist(['', ...AUDIT_RESULTS], 'must be success or failure'), v.description('success or failure')),
  ),
  from: v.optional(time('Entries at or after this time (ISO 8601)')),
  to: v.optional(time('Entries at or before this time (ISO 8601)')),
  // Paged as every list (API.md, "Envelope and errors"): neither it nor the spec gives the audit log a size of its own.
  page: ListPage,
  items: ListItems,
  sort: v.optional(
    v.pipe(
      v.picklist(['occurred_at', '-occurred_at'], 'must be occurred_at or -occurred_at'),
      v.description('-occurred_at (newest first, the default) or occurred_at'),
    ),
    '-occurred_at',
  ),
})

/** The filters with their range checked: the page's form asks this before the server does the same. */
export const AuditQuery = v.pipe(
  AuditQueryFields,
  v.forward(
    v.partialCheck([['from'], ['to']], (query) => rangeProblem(query) === null, RANGE_MESSAGE),
    ['from'],
  ),
)
export type AuditFilters = v.InferOutput<typeof AuditQuery>

/** Keys whose values are secrets wherever they appear in an entry's changes. */
const SECRET_KEYS = new Set(['secret', 'token', 'password', 'secret_hash', 'token_hash', 'value_hash'])

/** A copy of `value` with every secret-named key's value replaced, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      SECRET_KEYS.has(key) && inner !== null && inner !== undefined ? '[redacted]' : redactSecrets(inner),
    ]),
  )
}

const BOOKKEEPING = new Set(['revision', 'created_at', 'created_by', 'updated_at', 'updated_by', 'referenced_by'])

/**
 * The body that puts a recorded version back: its fields without the server's bookkeeping, and without
 * redacted secrets, so the stored secret is kept instead of being overwritten by the placeholder.
 */
export function versionBody(version: unknown): Record<string, unknown> | null {
  if (version === null || typeof version !== 'object' || Array.isArray(version)) return null
  return Object.fromEntries(
    Object.entries(version as Record<string, unknown>).filter(
      ([key, value]) => !BOOKKEEPING.has(key) && value !== '[redacted]',
    ),
  )
}

/** One field's change: an object's own fields one by one (dotted paths), a list or a value whole. */
export type FieldChange = { path: string; before: unknown; after: unknown }

const plainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * What differs between two versions, field by field and sorted by path: nested objects are compared
 * field by field (`match.paths`), lists and values whole. A side that is missing (a creation, a
 * deletion) gives every field of the other.
 */
export function fieldChanges(before: unknown, after: unknown, prefix = ''): FieldChange[] {
  const a = plainObject(before) ? before : {}
  const b = plainObject(after) ? after : {}
  const changes: FieldChange[] = []
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const path = `${prefix}${key}`
    if ((plainObject(a[key]) || a[key] === undefined) && (plainObject(b[key]) || b[key] === undefined)) {
      if (a[key] !== undefined || b[key] !== undefined) changes.push(...fieldChanges(a[key], b[key], `${path}.`))
    } else if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) {
      changes.push({ path, before: a[key], after: b[key] })
    }
  }
  return changes
}

/** The changes an entry records, without the server's bookkeeping (revision, times, authors). */
export const recordedChanges = (entry: Pick<AuditEntry, 'changes'>): FieldChange[] =>
  entry.changes
    ? fieldChanges(entry.changes.before, entry.changes.after).filter(
        (change) => !BOOKKEEPING.has(change.path.split('.')[0] ?? ''),
      )
    : []

/** The audit entry's action that puts a resource back as it was before the entry's change. */
export const RESTORE_ACTION = 'Restore the state before this change'

/**
 * What "Restore the state before this change" would change in the resource as it is now (`current`,
 * null when it is gone): each field from its value now (`before`) to the one it had before the entry's
 * change (`after`). The fields compared are those of that earlier state, and those the change added that
 * the resource still has (a restore takes them away); what the server derives for its answers (a
 * secret's `_set`, who refers to it) is none of them. Null when the entry holds no earlier state.
 */
export function restoreChanges(
  entry: Pick<AuditEntry, 'changes'>,
  current: Record<string, unknown> | null,
): FieldChange[] | null {
  const version = versionBody(entry.changes?.before)
  if (version === null) return null
  const now = current ? versionBody(current) : null
  if (now === null) return fieldChanges(null, version)
  const added = Object.keys(versionBody(entry.changes?.after) ?? {}).filter((key) => !(key in version) && key in now)
  const compared = (record: Record<string, unknown>) =>
    Object.fromEntries([...Object.keys(version), ...added].map((key) => [key, record[key]]))
  return fieldChanges(compared(now), compared(version))
}

/** Who acted, in words: an e-mail, a token by its prefix, or the platform itself. */
export function actorLabel(actor: AuditActor): string {
  if (actor.type === 'system') return 'System'
  if (actor.email) return actor.type === 'token' ? `${actor.email} (token ${actor.token_prefix ?? ''}…)` : actor.email
  return actor.token_prefix ? `Token ${actor.token_prefix}…` : 'Unknown'
}
