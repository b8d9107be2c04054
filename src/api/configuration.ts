import * as v from 'valibot'
import { SyncState } from '../domain/sync.ts'
import type { ApiClients } from './http.ts'

const project = (name: string) => `/projects/${encodeURIComponent(name)}`
const Named = v.object({ name: v.string(), display_name: v.optional(v.nullable(v.string()), null) })

/** The project's directors by name, for choosing an existing origin (an empty list on error, spec section 7). */
export async function listDirectorNames(api: ApiClients, projectName: string) {
  try {
    const body = await api.core(`${project(projectName)}/directors`, { query: { items: 10_000, sort: 'name' } })
    return v.parse(v.object({ data: v.array(Named) }), body).data
  } catch {
    return []
  }
}

/**
 * A project's sync state with each node's details, under the core service: `projectSegment` is the
 * project's name as a path segment (index.html's script starts the same read, src/early-pages.ts).
 */
export const projectSyncPath = (projectSegment: string) => `/projects/${projectSegment}/sync?details=true`

export async function getProjectSync(api: ApiClients, projectName: string): Promise<SyncState> {
  const body = await api.core(projectSyncPath(encodeURIComponent(projectName)))
  return v.parse(v.object({ data: SyncState }), body).data
}

export async function getAdminSync(api: ApiClients): Promise<SyncState> {
  return v.parse(v.object({ data: SyncState }), await api.core('/admin-sync-state')).data
}
