import * as v from 'valibot'
import { NODE_KINDS } from '../domain/nodes.ts'
import { PURGE_STATUSES, PURGE_TYPES, type PurgeRecord, type PurgeRequest } from '../domain/purge.ts'
import type { ApiClients } from './http.ts'

const path = (project: string) => `/projects/${encodeURIComponent(project)}/purge`

const Purge = v.object({
  name: v.string(),
  type: v.picklist(PURGE_TYPES),
  targets: v.array(v.string()),
  soft: v.boolean(),
  status: v.picklist(PURGE_STATUSES),
  per_node: v.array(
    v.object({
      node: v.string(),
      status: v.picklist(['queued', 'in_progress', 'completed', 'failed']),
      at: v.nullable(v.string()),
      // The kinds this console knows, or any other word (another implementation of the API's kind of node),
      // shown as it comes where a strict reading refused the whole answer.
      source: v.optional(v.union([v.picklist(NODE_KINDS), v.string()]), 'simulated'),
      message: v.optional(v.nullable(v.string()), null),
    }),
  ),
  created_at: v.string(),
  created_by: v.string(),
})

export async function createPurge(api: ApiClients, project: string, request: PurgeRequest): Promise<PurgeRecord> {
  const body = await api.purge(path(project), { method: 'POST', body: request })
  return v.parse(v.object({ data: Purge }), body).data
}

export async function getPurge(api: ApiClients, project: string, name: string): Promise<PurgeRecord> {
  return v.parse(v.object({ data: Purge }), await api.purge(`${path(project)}/${encodeURIComponent(name)}`)).data
}

/** The project's most recent invalidations, newest first. */
export async function listPurges(api: ApiClients, project: string, items: number) {
  const body = await api.purge(path(project), { query: { items } })
  return v.parse(v.object({ data: v.array(Purge), meta: v.object({ total: v.number() }) }), body)
}
