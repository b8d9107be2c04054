import { grantsAll } from '../domain/permissions.ts'
import type { RoleName } from '../domain/role-names.ts'
import { TYPE_CATALOGUE } from './registry.ts'

/** What each role grants (spec section 6), read from the registry: the types operators manage. */

/**
 * Per-project resource types whose screens a viewer may read. Access tokens are left out: they sit in
 * the Admin section, which a list-and-get role does not see (issue 3).
 */
/** What operators manage and viewers read in a project: its configuration, certificates and backups (the registry). */
const OPERATED = TYPE_CATALOGUE.filter((entry) => entry.operated).map((entry) => entry.type)
const READABLE_PROJECT_RESOURCES = ['projects', ...OPERATED]

export const ROLE_PERMISSIONS: Record<RoleName, readonly string[]> = {
  admin: ['wadp.*.*'],
  operator: [
    'wadp.projects.get',
    ...OPERATED.map((resource) => `wadp.${resource}.*`),
    'wadp.purge.*',
    'wadp.stats.query',
  ],
  viewer: READABLE_PROJECT_RESOURCES.flatMap((resource) => [`wadp.${resource}.list`, `wadp.${resource}.get`]),
}

export function permissionsOfRoles(roles: readonly string[]): string[] {
  const granted = new Set<string>()
  for (const role of roles) {
    for (const permission of ROLE_PERMISSIONS[role as RoleName] ?? []) granted.add(permission)
  }
  return [...granted]
}

/**
 * The roles of `roles` that grant a permission `held` does not: what a caller holding `held` may not hand
 * out (to a user, or to a group through an SSO mapping), as a token's creator may not hand out a
 * permission they lack.
 */
export function rolesBeyond(held: readonly string[], roles: readonly string[]): string[] {
  return roles.filter((role) => !grantsAll(held, ROLE_PERMISSIONS[role as RoleName] ?? []))
}

/** Why a caller holding `held` may not hand out `roles` (to a user, or to a group through a mapping), or null. */
export function grantRefusal(held: readonly string[], roles: readonly string[]): string | null {
  const beyond = rolesBeyond(held, roles)
  return beyond.length === 0 ? null : `you cannot grant ${beyond.join(', ')}: it holds permissions you do not`
}
