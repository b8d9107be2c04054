import * as v from 'valibot'
import { badRequest } from '../../../server/base/errors.ts'
import { may, type Principal, permissionsIn } from '../../../server/base/principal.ts'
import { generateSecret, hashSecret } from '../../../server/base/secrets.ts'
import type { Db } from '../../../server/db/client.ts'
import type { ResourceData, ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { getResource } from '../../../server/resources/store.ts'
import { Timestamp } from '../../domain/common.ts'
import { grants, intersectPermissions } from '../../domain/permissions.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { TOKEN_LIFETIME_DAYS } from '../../domain/tokens.ts'
import { permissionsOfRoles, rolesBeyond } from '../roles.ts'
import { rolesHeld } from '../users/server.ts'
import { TokenFields, tokenExpiryProblem } from './fields.ts'
import { tokensUi } from './screen.ts'

async function ownerPermissions(db: Db, owner: string): Promise<string[] | null> {
  const user = await getResource(db, 'users', '', owner)
  if (!user || user.status === 'disabled') return null
  return permissionsOfRoles(Array.isArray(user.roles) ? user.roles.map(String) : [])
}

/**
 * Whether a write makes a token act for its owner, or act otherwise: a create, a new owner, other
 * permissions, projects or expiry. A name, a display name or a revocation does not.
 */
function changesWhatItDoes(existing: ResourceData | null, data: ResourceData, owner: string): boolean {
  if (!existing) return true
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
  return (
    String(existing.owner).toLowerCase() !== owner.toLowerCase() ||
    !same(existing.permissions, data.permissions) ||
    !same(existing.projects, data.projects) ||
    Date.parse(String(existing.expires_at)) !== Date.parse(String(data.expires_at ?? existing.expires_at))
  )
}

/**
 * Why the caller may not make a token act for `owner`, another user, or null when they may: only one who
 * may manage that user (`auth.users.update`, and every permission of the user's roles, SSO-mapped ones
 * included: the rule users' own changes follow) may, since the token's actions are recorded as the
 * owner's. Nothing in the contract lets a token manager act for others.
 */
async function ownerRefusal(db: Db, owner: string, principal: Principal): Promise<string | null> {
  if (owner.toLowerCase() === principal.email.toLowerCase()) return null
  if (!may(principal, 'auth.users.update'))
    return `must be you: a token for ${owner} acts as them, which needs auth.users.update`
  const beyond = rolesBeyond(permissionsIn(principal), [
    ...(await rolesHeld(db, await getResource(db, 'users', '', owner))),
  ])
  if (beyond.length === 0) return null
  return `must be you: ${owner} holds ${beyond.join(', ')}, which holds permissions you do not`
}

export const tokens: ResourceDefinition = {
  type: 'tokens',
  label: 'token',
  service: 'auth',
  scope: 'platform',
  permissionService: 'auth',
  fields: TokenFields,
  references: referenceFieldsOf(tokensUi),
  owners: ownerFieldsOf(tokensUi),
  readOnlyFields: ['prefix', 'last_used_at'],
  // `present` shows an active one past its expiry as expired.
  derivedFields: {
    prefix: v.pipe(v.string(), v.description('The secret’s first 6 characters, to tell the token by')),
    last_used_at: v.pipe(
      v.nullable(Timestamp),
      v.description('When a request last used it (ISO 8601); null before its first use'),
    ),
    status: v.pipe(
      v.picklist(['active', 'revoked', 'expired']),
      v.description('active; revoked for good; expired once past expires_at'),
    ),
  },
  revealedFields: {
    token: v.pipe(v.string(), v.description('The secret, shown this once: send it as Authorization: Bearer <token>')),
  },
  listFilters: ['owner', 'status'],
  searchable: (data) => [String(data.owner ?? '')],
  revocable: true,
  configuration: false,
  hooks: {
    async beforeWrite({ db, data, existing, principal }) {
      // Revoking is for good: a leaked secret must not come back to life through an edit.
      if (existing?.status === 'revoked' && data.status !== 'revoked') {
        const message = 'a revoked token stays revoked: create a new one'
        throw badRequest(`status ${message}`, [{ field: 'status', message }])
      }
      const owner = String(data.owner ?? existing?.owner ?? principal.email)
      const ownerGrants = await ownerPermissions(db, owner)
      if (!ownerGrants)
        throw badRequest(`user ${owner} cannot own a token`, [{ field: 'owner', message: 'must be an active user' }])
      const refusal = changesWhatItDoes(existing, data, owner) ? await ownerRefusal(db, owner, principal) : null
      if (refusal) throw badRequest(`owner ${refusal}`, [{ field: 'owner', message: refusal }])
      const permissions = (data.permissions as string[]) ?? []
      // The creator must hold what they hand out; the owner's grants narrow the token again on every
      // request, so a permission is refused here only when it would give the owner nothing at all.
      const beyond = permissions.filter(
        (p) => !grants(principal.permissions, p) || intersectPermissions([p], ownerGrants).length === 0,
      )
      if (beyond.length > 0) {
        throw badRequest(`permissions beyond what ${owner} and you hold: ${beyond.join(', ')}`, [
          { field: 'permissions', message: `not held by the owner or by you: ${beyond.join(', ')}` },
        ])
      }
      const now = new Date()
      const expiresAt = String(
        data.expires_at ??
          existing?.expires_at ??
          new Date(now.getTime() + TOKEN_LIFETIME_DAYS.default * 86_400_000).toISOString(),
      )
      const problem = data.expires_at === existing?.expires_at ? null : tokenExpiryProblem(expiresAt, now)
      if (problem) throw badRequest(`expires_at ${problem}`, [{ field: 'expires_at', message: problem }])
      return { ...data, owner, expires_at: new Date(expiresAt).toISOString() }
    },
    async issueSecret({ data }) {
      const secret = generateSecret()
      return {
        hash: hashSecret(secret),
        data: { ...data, prefix: secret.slice(0, 6), last_used_at: null },
        reveal: { token: secret },
      }
    },
    present(record) {
      const expired = record.status === 'active' && Date.parse(String(record.expires_at)) <= Date.now()
      return expired ? { ...record, status: 'expired' } : record
    },
  },
}

export const server: TypeServer = {
  definition: tokens,
  // A token reads itself (the console's profile shows it); any other token needs auth.tokens.get.
  routes: { alsoReadableBy: (principal, name) => principal.token?.name === name },
}
