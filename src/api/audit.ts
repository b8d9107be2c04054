import * as v from 'valibot'
import type { AuditEntry, AuditSummary } from '../domain/audit.ts'
import type { ApiClients } from './http.ts'

const Actor = v.object({
  type: v.picklist(['user', 'token', 'system']),
  email: v.nullable(v.string()),
  token_prefix: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  user_agent: v.nullable(v.string()),
})
const Summary = v.object({
  public_id: v.string(),
  occurred_at: v.string(),
  actor: Actor,
  action: v.string(),
  result: v.picklist(['success', 'failure']),
  resource: v.nullable(v.object({ type: v.string(), name: v.string() })),
  project: v.nullable(v.string()),
}) satisfies v.GenericSchema<AuditSummary>
const Entry = v.object({
  ...Summary.entries,
  changes: v.nullable(v.object({ before: v.unknown(), after: v.unknown() })),
  resource_exists: v.boolean(),
}) satisfies v.GenericSchema<AuditEntry>

/** The audit log's query parameters (API.md, Audit); the server validates them. */
export type AuditRequest = Record<string, string | number | undefined>

/** One page of the audit log; empty filters are left out of the request. */
export async function listAudit(api: ApiClients, filters: AuditRequest) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''))
  const body = await api.auth('/audit', { query })
  // The page and its size as the server read them: the rows' places in the whole list follow from them.
  const Meta = v.object({ total: v.number(), page: v.optional(v.number(), 1), items: v.optional(v.number(), 0) })
  return v.parse(v.object({ data: v.array(Summary), meta: Meta }), body)
}

export async function getAuditEntry(api: ApiClients, publicId: string) {
  return v.parse(v.object({ data: Entry }), await api.auth(`/audit/${encodeURIComponent(publicId)}`)).data
}
