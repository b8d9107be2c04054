import * as v from 'valibot'
import { Slug } from '../../domain/common.ts'
import { ROLE_NAMES } from '../../domain/role-names.ts'

/** Where a mapped role applies: everywhere, or the projects of one organization, customer or project. */
export const SSO_SCOPES = ['platform', 'organization', 'customer', 'project'] as const
export type SsoScope = (typeof SSO_SCOPES)[number]

/** The tenancy type a scope's `scope_name` names. */
export const SCOPE_TYPES: Record<Exclude<SsoScope, 'platform'>, 'organizations' | 'customers' | 'projects'> = {
  organization: 'organizations',
  customer: 'customers',
  project: 'projects',
}

/** An IdP group's value, as the `groups` claim carries it (matched case-insensitively). */
export const GroupName = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(256, 'at most 256 characters'),
)

/**
 * An SSO group/role mapping (`/api/auth/v0/sso-groups-roles`): members of `group` get `role` within
 * `scope` (`scope_name` names the organization, customer or project; none for `platform`).
 */
export const SsoMappingFields = v.pipe(
  v.object({
    group: v.pipe(GroupName, v.description('The group as the IdP’s groups claim names it (any case)')),
    role: v.pipe(
      v.picklist(ROLE_NAMES, `must be one of: ${ROLE_NAMES.join(', ')}`),
      v.description('The role its members get: admin, operator or viewer'),
    ),
    scope: v.optional(
      v.pipe(
        v.picklist(SSO_SCOPES, `must be one of: ${SSO_SCOPES.join(', ')}`),
        v.description('Where the role applies: everywhere, or the projects of one organization, customer or project'),
      ),
      'platform',
    ),
    scope_name: v.optional(
      v.pipe(
        v.nullable(Slug),
        v.description('The organization, customer or project the scope names; empty for platform'),
      ),
      null,
    ),
  }),
  v.forward(
    v.partialCheck(
      [['scope'], ['scope_name']],
      (mapping) => mapping.scope === 'platform' || mapping.scope_name !== null,
      'is required: name the organization, customer or project the role applies in',
    ),
    ['scope_name'],
  ),
  v.forward(
    v.partialCheck(
      [['scope'], ['scope_name']],
      (mapping) => mapping.scope !== 'platform' || mapping.scope_name === null,
      'must be empty for the platform scope',
    ),
    ['scope_name'],
  ),
)
export type SsoMappingData = v.InferOutput<typeof SsoMappingFields>

/** Whether a user's groups (from the IdP's claim or the user record) include the mapping's group. */
export function inGroup(groups: readonly string[], group: string): boolean {
  const wanted = group.toLowerCase()
  return groups.some((member) => member.toLowerCase() === wanted)
}
