import * as v from 'valibot'
import { ProjectInfo, ProjectSummary } from '../domain/project.ts'
import type { ApiClients } from './http.ts'

const ProjectList = v.object({ data: v.array(ProjectSummary), meta: v.object({ total: v.number() }) })

/** Projects the caller can reach (spec section 7: items=1000 or 1 at start, 10000 with a 5 s time-out in the selector). */
export async function searchProjects(api: ApiClients, items: number, timeoutMs?: number): Promise<ProjectSummary[]> {
  const body = await api.auth('/search/projects', { query: { items }, ...(timeoutMs ? { timeout: timeoutMs } : {}) })
  return v.parse(ProjectList, body).data
}

/** A project's path and its permissions' path, the name already encoded as one segment (or a placeholder). */
export const projectPath = (projectSegment: string) => `/projects/${projectSegment}`
export const projectPermissionsPath = (projectSegment: string) => `${projectPath(projectSegment)}/permissions`

export const parseProject = (body: unknown): ProjectInfo => v.parse(v.object({ data: ProjectInfo }), body).data

export async function getProject(api: ApiClients, name: string): Promise<ProjectInfo> {
  return parseProject(await api.core(projectPath(encodeURIComponent(name))))
}

export const parseProjectPermissions = (body: unknown): string[] =>
  v.parse(v.object({ data: v.array(v.string()) }), body).data

export async function getProjectPermissions(api: ApiClients, name: string): Promise<string[]> {
  return parseProjectPermissions(await api.auth(projectPermissionsPath(encodeURIComponent(name))))
}
