import * as v from 'valibot'
import type { DeletionPreview, TenancyKind } from '../domain/tenancy-deletion.ts'
import type { ApiClients } from './http.ts'

/** The management pages delete customers and projects (API.md, Tenancy). */
const collection = (kind: TenancyKind) => (kind === 'customer' ? '/customers' : '/projects')
const item = (kind: TenancyKind, name: string) => `${collection(kind)}/${encodeURIComponent(name)}`

const Preview = v.object({
  projects: v.array(v.string()),
  resources: v.record(v.string(), v.number()),
  tokens_limited_to_it: v.number(),
}) satisfies v.GenericSchema<DeletionPreview>

/** What deleting the customer or project removes, and the revision it has now (the delete's If-Match). */
export async function readDeletionPreview(api: ApiClients, kind: TenancyKind, name: string) {
  const [record, preview] = await Promise.all([
    api.auth(item(kind, name)),
    api.auth(`${item(kind, name)}/deletion-preview`),
  ])
  return {
    revision: v.parse(v.object({ data: v.object({ revision: v.number() }) }), record).data.revision,
    preview: v.parse(v.object({ data: Preview }), preview).data,
  }
}

/**
 * A delete removes the customer's projects (or the project) and every resource in them in one transaction,
 * with no write deadline on the platform: like an import or a backup, it gets a minute, not the 5 s of a
 * call. Given up after 5 s, a large customer's deletion still committed and was reported as failed.
 */
export const TENANCY_DELETE_TIMEOUT_MS = 60_000

/** Deletes it in one request (one transaction on the server); `cascade` takes a customer's projects along. */
export async function deleteTenancy(
  api: ApiClients,
  request: { kind: TenancyKind; name: string; revision: number; cascade: boolean },
) {
  await api.auth(item(request.kind, request.name), {
    method: 'DELETE',
    headers: { 'if-match': `"${request.revision}"` },
    query: request.cascade ? { cascade: 'true' } : undefined,
    timeout: TENANCY_DELETE_TIMEOUT_MS,
  })
}
