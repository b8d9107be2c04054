import * as v from 'valibot'
import { Email, uniqueItems } from '../../domain/common.ts'
import { ROLE_NAMES, type RoleName } from '../../domain/role-names.ts'
import { GroupName } from '../sso-mappings/fields.ts'

export const USER_STATUSES = ['invited', 'active', 'disabled'] as const

export const UserFields = v.object({
  first_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100), v.description('Given name')), ''),
  last_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100), v.description('Family name')), ''),
  roles: v.optional(
    v.pipe(
      v.array(v.picklist(ROLE_NAMES, `must be one of: ${ROLE_NAMES.join(', ')}`)),
      uniqueItems<RoleName>(),
      v.description('Roles granted in every project: admin, operator or viewer'),
    ),
    [],
  ),
  status: v.optional(
    v.pipe(
      v.picklist(USER_STATUSES, 'must be invited, active or disabled'),
      v.description('A disabled user cannot sign in and their tokens stop working; invited has not signed in yet'),
    ),
    'active',
  ),
  /**
   * The user's groups at the identity provider, as an admin records them (the built-in provider puts
   * them in its `groups` claim; an external one sends its own): the SSO group/role mappings they match.
   */
  groups: v.optional(
    v.pipe(
      v.array(GroupName, 'must be a list of group names'),
      v.maxLength(100, 'at most 100 groups'),
      uniqueItems<string>(),
      v.description('Groups at the identity provider, matched by SSO group/role mappings'),
    ),
    [],
  ),
})
/** Users are keyed by their e-mail address. */
export const UserKey = Email

/**
 * An invitation (`POST /api/auth/v0/users` with status invited): the key and the user's fields, as the
 * server checks them; the user becomes active at their first sign-in.
 */
export const UserInvite = v.object({
  email: UserKey,
  first_name: UserFields.entries.first_name,
  last_name: UserFields.entries.last_name,
  roles: UserFields.entries.roles,
})
export type UserInviteData = v.InferOutput<typeof UserInvite>
