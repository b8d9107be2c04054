import { FetchError } from 'ofetch'
import * as v from 'valibot'
import type { FieldError } from '../domain/common.ts'
import type { ResourceListParams } from '../domain/list-params.ts'
import { NODE_STATUSES } from '../domain/nodes.ts'
import type { Draft, ResourceUi } from '../domain/resource-ui.ts'
import { type ApiClients, errorMessage } from './http.ts'

/** What every stored resource carries besides its type's fields (API.md). */
const StoredRecord = v.looseObject({
  name: v.string(),
  display_name: v.optional(v.nullable(v.string()), null),
  revision: v.number(),
  created_at: v.string(),
  created_by: v.string(),
  updated_at: v.string(),
  updated_by: v.string(),
})
export type StoredRecord = v.InferOutput<typeof StoredRecord>

const ListBody = v.object({
  data: v.array(StoredRecord),
  meta: v.object({ total: v.number(), page: v.number(), items: v.number() }),
})
export type ResourcePage = v.InferOutput<typeof ListBody>

type Target = Pick<ResourceUi, 'type' | 'service' | 'scope'>

/**
 * A type's collection under its service's base: a project's type under its project (`projectSegment`, as
 * written in the path, already encoded), a platform type (organizations, projects…) at the service's root.
 * index.html's early read (src/early-pages.ts) writes the same path with a placeholder for the project.
 */
export const collectionPath = (ui: Target, projectSegment: string) =>
  ui.scope === 'platform' ? `/${ui.type}` : `/projects/${projectSegment}/${ui.type}`
const collection = (ui: Target, project: string) => collectionPath(ui, encodeURIComponent(project))
const item = (ui: Target, project: string, name: string) => `${collection(ui, project)}/${encodeURIComponent(name)}`
const ifMatch = (revision: number | '*') => ({ 'if-match': revision === '*' ? '*' : `"${revision}"` })

/** One page of a project's resources of a type: server-side paging, name filter, exact filters and sort. */
export async function listResources(
  api: ApiClients,
  ui: Target,
  project: string,
  params: ResourceListParams,
  filters: Readonly<Record<string, string>> = {},
): Promise<ResourcePage> {
  const query: Record<string, string | number> = { ...filters, page: params.page, items: params.items }
  if (params.q.trim()) query.q = params.q.trim()
  if (params.sort) query.sort = params.sort
  const body = await api[ui.service](collection(ui, project), { query })
  return v.parse(ListBody, body)
}

export async function getResource(api: ApiClients, ui: Target, project: string, name: string): Promise<StoredRecord> {
  const body = await api[ui.service](item(ui, project, name))
  return v.parse(v.object({ data: StoredRecord }), body).data
}

export async function createResource(
  api: ApiClients,
  ui: Target,
  project: string,
  draft: Draft,
): Promise<StoredRecord> {
  const body = await api[ui.service](collection(ui, project), { method: 'POST', body: draft })
  return v.parse(v.object({ data: StoredRecord }), body).data
}

/** Replaces a resource only if it is still at `revision` (If-Match); a 409 carries the current one. */
export async function updateResource(
  api: ApiClients,
  ui: Target,
  project: string,
  name: string,
  draft: Draft,
  revision: number,
): Promise<StoredRecord> {
  const body = await api[ui.service](item(ui, project, name), {
    method: 'PUT',
    body: draft,
    headers: ifMatch(revision),
  })
  return v.parse(v.object({ data: StoredRecord }), body).data
}

export async function deleteResource(
  api: ApiClients,
  ui: Target,
  project: string,
  name: string,
  revision: number | '*',
): Promise<void> {
  await api[ui.service](item(ui, project, name), { method: 'DELETE', headers: ifMatch(revision) })
}

const ErrorBody = v.object({
  message: v.optional(v.string()),
  errors: v.optional(v.array(v.object({ field: v.string(), message: v.string() }))),
  data: v.optional(v.unknown()),
})

/**
 * A failed write as the form needs it: the server's message, its field errors, and on a stale
 * If-Match (409 with the resource in `data`) the current version.
 */
export type WriteFailure = {
  status: number | null
  message: string
  fieldErrors: FieldError[]
  current: StoredRecord | null
}

export function writeFailureOf(error: unknown, fallback: string): WriteFailure {
  if (!(error instanceof FetchError)) {
    return { status: null, message: error instanceof Error ? error.message : fallback, fieldErrors: [], current: null }
  }
  const parsed = v.safeParse(ErrorBody, error.data)
  const body = parsed.success ? parsed.output : {}
  const current = v.safeParse(StoredRecord, body.data)
  return {
    status: error.statusCode ?? null,
    // The server's own words; a bare status gets the caller's sentence; no answer at all says why.
    message: body.message ?? (error.statusCode ? fallback : errorMessage(error)),
    fieldErrors: body.errors ?? [],
    current: error.statusCode === 409 && current.success ? current.output : null,
  }
}

const ImportResult = v.object({
  list: StoredRecord,
  added: v.number(),
  duplicates: v.number(),
  invalid: v.array(v.object({ line: v.number(), text: v.string(), message: v.string() })),
})

/** Pasted addresses into an IP list (`POST …/iplists/{name}/import`), against the revision the user saw. */
export async function importAddresses(
  api: ApiClients,
  project: string,
  name: string,
  request: { text: string; mode: 'append' | 'replace' },
  revision: number,
) {
  const body = await api.core(`${item({ type: 'iplists', service: 'core' }, project, name)}/import`, {
    method: 'POST',
    body: request,
    headers: ifMatch(revision),
    // 10,000 lines take a moment to check and store.
    timeout: 60_000,
  })
  return v.parse(v.object({ data: ImportResult }), body).data
}

/** `POST /api/acme/v0/projects/{p}/le-cert/{name}/renew` → the certificate, renewing. */
export async function renewCertificate(api: ApiClients, project: string, name: string, revision: number) {
  const body = await api.acme(`${item({ type: 'le-cert', service: 'acme' }, project, name)}/renew`, {
    method: 'POST',
    headers: ifMatch(revision),
  })
  return v.parse(v.object({ data: StoredRecord }), body).data
}

/** PATCH of some fields (a certificate's renewal settings), against the revision the user saw. */
export async function patchResource(
  api: ApiClients,
  ui: Target,
  project: string,
  name: string,
  fields: Draft,
  revision: number,
) {
  const body = await api[ui.service](item(ui, project, name), {
    method: 'PATCH',
    body: fields,
    headers: ifMatch(revision),
  })
  return v.parse(v.object({ data: StoredRecord }), body).data
}

/** `POST …/{name}/revoke` (an API token, an access token): for good, against the revision the user saw. */
export async function revokeResource(api: ApiClients, ui: Target, project: string, name: string, revision: number) {
  const body = await api[ui.service](`${item(ui, project, name)}/revoke`, {
    method: 'POST',
    headers: ifMatch(revision),
  })
  return v.parse(v.object({ data: StoredRecord }), body).data
}

const MaintenanceResults = v.object({
  data: v.array(
    v.object({
      name: v.string(),
      result: v.picklist(['succeeded', 'failed']),
      status: v.nullable(v.picklist(NODE_STATUSES)),
      changed: v.boolean(),
      message: v.nullable(v.string()),
    }),
  ),
})

/** `POST /nodes/maintenance`: maintenance on or off for several nodes, one result per node. */
export async function setNodesMaintenance(api: ApiClients, nodes: string[], maintenance: boolean) {
  const body = await api.core('/nodes/maintenance', { method: 'POST', body: { nodes, maintenance } })
  return v.parse(MaintenanceResults, body).data
}

/** `POST …/{name}/secret` (an edge agent node): a new secret, returned once; the old one stops working. */
export async function rotateSecret(api: ApiClients, ui: Target, project: string, name: string): Promise<string> {
  const body = await api[ui.service](`${item(ui, project, name)}/secret`, { method: 'POST' })
  return v.parse(v.object({ data: v.object({ name: v.string(), secret: v.string() }) }), body).data.secret
}
