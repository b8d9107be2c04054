import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from './db/client.ts'
import { auditLog } from './db/schema.ts'

export type AuditActor = {
  type: 'user' | 'token' | 'system'
  email: string | null
  token_prefix: string | null
  ip: string
  user_agent: string
}

export type AuditEntry = {
  actor: AuditActor
  action: string
  result: 'success' | 'failure'
  resource?: { type: string; name: string }
  project?: string | null
  changes?: { before: unknown; after: unknown }
}

/**
 * Appends one audit entry; every mutation and every sign-in attempt writes one. Dated as it is written
 * (`clock_timestamp()`), as its id is taken: the column's default, `now()`, is its transaction's start, and
 * a write begun before another but written after it was listed above it with an older time.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    publicId: randomUUID(),
    occurredAt: sql`clock_timestamp()`,
    actor: entry.actor,
    action: entry.action,
    result: entry.result,
    resourceType: entry.resource?.type ?? null,
    resourceName: entry.resource?.name ?? null,
    project: entry.project ?? null,
    changes: entry.changes ? { before: entry.changes.before, after: entry.changes.after } : null,
  })
}

/** A copy of `value` with the named fields replaced, so secrets never reach the audit log. */
export function redact(
  value: Record<string, unknown> | null,
  fields: readonly string[],
): Record<string, unknown> | null {
  if (!value || fields.length === 0) return value
  const copy = { ...value }
  for (const field of fields) if (copy[field] !== undefined && copy[field] !== null) copy[field] = '[redacted]'
  return copy
}
