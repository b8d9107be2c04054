import * as v from 'valibot'
import { integer } from './common.ts'

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
export const AUDIT_PAGE_SIZE = { default: 50, max: 500 } as const

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
  page: v.optional(v.pipe(integer(1, 100_000), v.description('Page to return, from 1')), 1),
  items: v.optional(v.pipe(integer(1, AUDIT_PAGE_SIZE.max), v.description('Page size')), AUDIT_PAGE_SIZE.default),
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
    v.check((query) => rangeProblem(query) === null, RANGE_MESSAGE),
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

/** The fields an update changed, for the side-by-side view: every top-level key whose value differs. */
export function changedKeys(before: unknown, after: unknown): string[] {
  const object = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  const a = object(before)
  const b = object(after)
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .sort()
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
