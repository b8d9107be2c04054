/**
 * The platform's roles. Roles come from the user record and, for an OIDC sign-in, from SSO group/role
 * mappings of the user's groups. A user's own roles and platform-wide mapped roles apply to every
 * project; a mapping scoped to an organization, customer or project grants its role in those projects
 * only. An API token can narrow its owner's roles to a list of projects and a subset of their
 * permissions. What each role grants is read from the type registry: `src/types/roles.ts`.
 */
export const ROLE_NAMES = ['admin', 'operator', 'viewer'] as const
export type RoleName = (typeof ROLE_NAMES)[number]
