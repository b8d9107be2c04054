import * as v from 'valibot'
import { Email, IsoDateTime, Slug, uniqueItems } from '../common.ts'
import { isPermission } from '../permissions.ts'
import { ROLE_NAMES, type RoleName } from '../roles.ts'
import { GroupName } from './sso-mapping.ts'

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

export const Permission = v.pipe(
  v.string('must be a string'),
  v.check(isPermission, 'must be service.resource.action, each part a name or *'),
)

export const TOKEN_LIFETIME_DAYS = { default: 90, max: 365 } as const
export const TOKEN_STATUSES = ['active', 'revoked'] as const

/** `POST /api/auth/v0/tokens` body (the contract); `expires_at` defaults to +90 days. */
export const TokenFields = v.object({
  owner: v.optional(
    v.pipe(v.nullable(Email), v.description('E-mail of the user the token acts for; the caller when left out or null')),
  ),
  permissions: v.pipe(
    v.array(Permission, 'must be a list of permissions'),
    v.minLength(1, 'grant at least one permission'),
    uniqueItems<string>(),
    v.description('Permissions such as wadp.websites.list; the token gets those its owner also holds'),
  ),
  projects: v.optional(
    v.pipe(v.array(Slug), uniqueItems<string>(), v.description('Projects it works in; empty for every project')),
    [],
  ),
  expires_at: v.optional(
    v.pipe(IsoDateTime, v.description('When it stops working: at most a year ahead, 90 days by default')),
  ),
  status: v.optional(
    v.pipe(v.picklist(TOKEN_STATUSES, 'must be active or revoked'), v.description('revoked stops the token for good')),
    'active',
  ),
})

export function tokenExpiryProblem(expiresAt: string, now: Date): string | null {
  const at = Date.parse(expiresAt)
  if (at <= now.getTime()) return 'must be in the future'
  if (at > now.getTime() + TOKEN_LIFETIME_DAYS.max * 86_400_000) return 'must be at most one year from now'
  return null
}
