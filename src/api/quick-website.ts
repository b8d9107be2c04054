import * as v from 'valibot'
import type { DirectorInput } from '../types/directors/fields.ts'
import { type ApiClients, isNotFound } from './http.ts'

/**
 * The quick website sequence's calls (spec section 7) and the project's domains: loaded with the wizard
 * and the tools that use them, not with the console's start (the sync reads in configuration.ts are).
 */

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

export async function createDirector(api: ApiClients, projectName: string, director: DirectorInput & { name: string }) {
  const body = await api.core(`${project(projectName)}/directors`, { method: 'POST', body: director })
  return v.parse(v.object({ data: Named }), body).data
}

/**
 * The director as the platform holds it, or null when it does not exist (404); any other failure throws:
 * after a creation whose answer was lost, 'unknown' must not be read as 'not created'.
 */
export async function readDirector(api: ApiClients, projectName: string, name: string) {
  try {
    const body = await api.core(`${project(projectName)}/directors/${encodeURIComponent(name)}`)
    return v.parse(v.object({ data: Named }), body).data
  } catch (error) {
    if (isNotFound(error)) return null
    throw error
  }
}

/** Deleting the wizard's own director: whatever its revision (If-Match: *). */
export async function deleteDirector(api: ApiClients, projectName: string, name: string): Promise<void> {
  await api.core(`${project(projectName)}/directors/${encodeURIComponent(name)}`, {
    method: 'DELETE',
    headers: { 'if-match': '*' },
  })
}

/** 200 means the website exists; any failure means it does not (spec section 7): readWebsite's answer, read so. */
export function websiteExists(api: ApiClients, projectName: string, name: string): Promise<boolean> {
  return readWebsite(api, projectName, name).then(
    (website) => website !== null,
    () => false,
  )
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
 * The website as the platform holds it, or null when it does not exist (404); any other failure throws:
 * after a creation whose answer was lost, 'unknown' must not be read as 'not created'.
 */
export async function readWebsite(api: ApiClients, projectName: string, name: string) {
  try {
    const body = await api.core(`${project(projectName)}/websites/${encodeURIComponent(name)}`)
    return v.parse(v.object({ data: Website }), body).data
  } catch (error) {
    if (isNotFound(error)) return null
    throw error
  }
}
