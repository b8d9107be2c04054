import * as v from 'valibot'
import { ApiError, badRequest } from '../../../server/base/errors.ts'
import type { Principal } from '../../../server/base/principal.ts'
import type { Db } from '../../../server/db/client.ts'
import type { ResourceData, ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { getResource } from '../../../server/resources/store.ts'
import { Email, Timestamp } from '../../domain/common.ts'
import { grantRefusal, rolesBeyond } from '../roles.ts'
import { rolesOfGroups } from '../sso-mappings/server.ts'
import { UserFields } from './fields.ts'

const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : [])

/** Every role a user holds: their own, and those their groups earn through SSO mappings (anywhere). */
export async function rolesHeld(db: Db, user: ResourceData | null): Promise<Set<string>> {
  if (!user) return new Set()
  const mapped = await rolesOfGroups(db, strings(user.groups))
  return new Set([...strings(user.roles), ...mapped.roles, ...mapped.scoped.map((grant) => grant.role)])
}

/**
 * A user holding a role beyond the caller's permissions is not the caller's to change or delete: holding
 * `auth.users.update` alone must not let anyone disable, strip or delete an admin.
 */
function checkManageable(user: ResourceData | null, held: Set<string>, principal: Principal) {
  if (!user) return
  const beyond = rolesBeyond(principal.permissions, [...held])
  if (beyond.length === 0) return
  throw new ApiError(
    403,
    `user ${String(user.email ?? user.name)} holds ${beyond.join(', ')}, which holds permissions you do not: ask someone who holds them`,
  )
}

/**
 * A caller may give a user only roles whose permissions they hold themselves, directly or through the
 * groups they record (which SSO mappings turn into roles): holding `auth.users.update` alone must not
 * make anyone an admin. Roles the user held already are left alone.
 */
async function checkRolesGiven(db: Db, data: ResourceData, existing: ResourceData | null, principal: Principal) {
  const before = await rolesHeld(db, existing)
  checkManageable(existing, before, principal)
  const refusal = grantRefusal(
    principal.permissions,
    strings(data.roles).filter((role) => !before.has(role)),
  )
  if (refusal) throw badRequest(`roles ${refusal}`, [{ field: 'roles', message: refusal }])
  const after = await rolesHeld(db, data)
  const beyondGroups = rolesBeyond(
    principal.permissions,
    [...after].filter((role) => !before.has(role)),
  )
  if (beyondGroups.length > 0) {
    const message = `these groups grant ${beyondGroups.join(', ')} through SSO mappings, which holds permissions you do not`
    throw badRequest(`groups ${message}`, [{ field: 'groups', message }])
  }
}

/** Users and their API tokens (auth service). */
export const users: ResourceDefinition = {
  type: 'users',
  label: 'user',
  service: 'auth',
  scope: 'platform',
  permissionService: 'auth',
  fields: UserFields,
  key: { field: 'email', schema: Email },
  readOnlyFields: ['last_login_at'],
  derivedFields: {
    last_login_at: v.optional(
      v.pipe(Timestamp, v.description('When they last signed in (ISO 8601); absent before their first sign-in')),
    ),
  },
  listFilters: ['status', 'roles', 'groups'],
  searchable: (data) => [String(data.first_name ?? ''), String(data.last_name ?? '')],
  configuration: false,
  hooks: {
    // Disabling yourself would end your own session and every token you use, with no one to undo it.
    async beforeWrite({ db, name, data, existing, principal }) {
      await checkRolesGiven(db, data, existing, principal)
      if (existing && name === principal.email && data.status === 'disabled' && existing.status !== 'disabled') {
        const message = 'you cannot disable yourself: ask another admin'
        throw badRequest(`status ${message}`, [{ field: 'status', message }])
      }
      return undefined
    },
    async beforeDelete({ db, name, caller }) {
      const user = await getResource(db, 'users', '', name)
      checkManageable(user, await rolesHeld(db, user), caller.principal)
      return undefined
    },
  },
}

export const server: TypeServer = {
  definition: users,
  // A user reads themself (the console's profile).
  routes: { alsoReadableBy: (principal, email) => principal.email === email },
}
