import * as v from 'valibot'
import type { InventoryItem, InventoryType, ResourceReferences } from '../domain/inventory.ts'
import type { ApiClients } from './http.ts'

const nullableText = v.nullable(v.string())
const InventoryTypes = v.object({
  data: v.object({
    types: v.array(
      v.object({
        type: v.string(),
        count: v.number(),
        last_changed_at: nullableText,
        last_changed_by: nullableText,
      }),
    ),
  }),
})
const InventoryNames = v.object({
  data: v.array(v.object({ type: v.string(), name: v.string(), display_name: nullableText })),
  meta: v.object({ total: v.number(), page: v.number(), items: v.number() }),
})
const Link = v.object({ type: v.string(), name: v.string(), field: v.string() })
const References = v.object({ data: v.object({ references: v.array(Link), referenced_by: v.array(Link) }) })

const projectPath = (project: string) => `/projects/${encodeURIComponent(project)}`

/** `GET /projects/{p}/inventory`: each type the caller may list, counted, with its last change. */
export async function getInventory(api: ApiClients, project: string): Promise<InventoryType[]> {
  return v.parse(InventoryTypes, await api.core(`${projectPath(project)}/inventory`)).data.types
}

/** `GET /projects/{p}/inventory/names?q=`: the project's resources whose name contains `q`, across types. */
export async function findInventoryNames(
  api: ApiClients,
  project: string,
  q: string,
  page = 1,
): Promise<{ data: InventoryItem[]; meta: { total: number; page: number; items: number } }> {
  return v.parse(InventoryNames, await api.core(`${projectPath(project)}/inventory/names`, { query: { q, page } }))
}

/** `GET /projects/{p}/references/{type}/{name}`: what the resource names, and what names it. */
export async function getReferences(
  api: ApiClients,
  project: string,
  type: string,
  name: string,
): Promise<ResourceReferences> {
  const path = `${projectPath(project)}/references/${encodeURIComponent(type)}/${encodeURIComponent(name)}`
  return v.parse(References, await api.core(path)).data
}
