import { TYPE_CATALOGUE } from '../types/registry.ts'

/**
 * The platform's roles and what they grant. Roles come from the user record and, for an OIDC sign-in,
 * from SSO group/role mappings of the user's groups. A user's own roles and platform-wide mapped roles
 * apply to every project; a mapping scoped to an organization, customer or project grants its role in
 * those projects only. An API token can narrow its owner's roles to a list of projects and a subset of
 * their permissions.
 */
export const ROLE_NAMES = ['admin', 'operator', 'viewer'] as const
export type RoleName = (typeof ROLE_NAMES)[number]

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
