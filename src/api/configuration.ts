import * as v from 'valibot'
import { SyncState } from '../domain/sync.ts'
import type { DirectorInput } from '../types/directors/fields.ts'
import type { ApiClients } from './http.ts'

const project = (name: string) => `/projects/${encodeURIComponent(name)}`
const Named = v.object({ name: v.string(), display_name: v.optional(v.nullable(v.string()), null) })
const Website = v.object({ name: v.string(), default_director: v.string() })

/** Every domain and alias of the project's websites (spec section 7: [] on failure). */
export async function listDomains(api: ApiClients, projectName: string): Promise<string[]> {
  try {
    const body = await api.core(`${project(projectName)}/domains`)
    return v.parse(v.object({ data: v.array(v.string()) }), body).data
  } catch {
    return []
  }
}

/** The project's directors by name, for choosing an existing origin (an empty list on error, spec section 7). */
export async function listDirectorNames(api: ApiClients, projectName: string) {
  try {
    const body = await api.core(`${project(projectName)}/directors`, { query: { items: 10_000, sort: 'name' } })
    return v.parse(v.object({ data: v.array(Named) }), body).data
  } catch {
    return []
  }
}

export async function createDirector(api: ApiClients, projectName: string, director: DirectorInput & { name: string }) {
  const body = await api.core(`${project(projectName)}/directors`, { method: 'POST', body: director })
  return v.parse(v.object({ data: Named }), body).data
}

/** Deleting the wizard's own director: whatever its revision (If-Match: *). */
export async function deleteDirector(api: ApiClients, projectName: string, name: string): Promise<void> {
  await api.core(`${project(projectName)}/directors/${encodeURIComponent(name)}`, {
    method: 'DELETE',
    headers: { 'if-match': '*' },
  })
}

/** 200 means the website exists; any failure means it does not (spec section 7). */
export async function websiteExists(api: ApiClients, projectName: string, name: string): Promise<boolean> {
  try {
    await api.core(`${project(projectName)}/websites/${encodeURIComponent(name)}`)
    return true
  } catch {
    return false
  }
}

export async function createWebsite(
  api: ApiClients,
  projectName: string,
  website: { name: string; domain_name: string; default_director: string },
) {
  const body = await api.core(`${project(projectName)}/websites`, { method: 'POST', body: website })
  return v.parse(v.object({ data: Website }), body).data
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
