import { eq, sql } from 'drizzle-orm'
import { intersectPermissions } from '../../src/domain/permissions.ts'
import { stripBearer } from '../../src/domain/requests.ts'
import { unauthorized } from '../base/errors.ts'
import type { Principal, ScopedGrant } from '../base/principal.ts'
import { hashSecret } from '../base/secrets.ts'
import type { Db } from '../db/client.ts'
import { cacheGroup, type Generations } from '../db/generations.ts'
import { resources } from '../db/schema.ts'
import { AccessTokenError, looksLikeJwt, type VerifiedAccessToken } from '../oidc/verify.ts'
import { getResource, toRecord } from '../resources/store.ts'

export type AccessTokenVerifier = (token: string) => Promise<VerifiedAccessToken>

const CACHE_TTL_MS = 10_000
const CACHE_MAX = 10_000
/**
 * A principal depends on its token, its user, and for an SSO sign-in on the group/role mappings and the
 * projects their scopes hold: a change to any, by any process, drops it.
 */
export const AUTH_TYPES = ['tokens', 'users', 'sso-groups-roles', 'organizations', 'customers', 'projects']

/**
 * What roles grant, as the types of src/types define it (the roles' permissions, the SSO group/role
 * mappings): handed in by whoever starts the server, which imports no type.
 */
export type RoleGrants = {
  permissionsOfRoles(roles: readonly string[]): string[]
  /** The roles the SSO group/role mappings give a signed-in user's groups, platform-wide and per project. */
  rolesOfGroups(db: Db, groups: readonly string[]): Promise<{ roles: string[]; scoped: ScopedGrant[] }>
}
const AUTH_GROUPS = AUTH_TYPES.map((type) => cacheGroup(type, ''))

/**
 * Resolves a bearer token to a principal: an API token (looked up by its SHA-256 hash) or an access
 * token of the OpenID Connect provider (a JWT checked against its JWKS). Resolutions are cached for
 * a few seconds, and dropped at once when a token or a user changes (on any process sharing the
 * database: server/db/generations.ts).
 */
export class Authenticator {
  /** In-flight and recent resolutions: concurrent requests with one token share one look-up. */
  private readonly cache = new Map<string, { principal: Promise<Principal>; at: number; stamp: string }>()

  constructor(
    private readonly db: Db,
    private readonly verifyAccessToken: AccessTokenVerifier | null,
    private readonly generations: Generations,
    private readonly grants: RoleGrants,
    private readonly now: () => number = Date.now,
  ) {}

  invalidate(): void {
    this.cache.clear()
  }

  async authenticate(header: string | undefined): Promise<Principal> {
    if (!header || !/^bearer\s+\S/i.test(header.trim())) throw unauthorized('missing bearer token')
    return this.resolve(stripBearer(header))
  }

  async resolve(token: string): Promise<Principal> {
    if (token === '') throw unauthorized('missing bearer token')
    const key = hashSecret(token)
    const now = this.now()
    const stamp = await this.generations.stamp(AUTH_GROUPS)
    let entry = this.cache.get(key)
    if (!entry || now - entry.at >= CACHE_TTL_MS || entry.stamp !== stamp) {
      const principal =
        looksLikeJwt(token) && this.verifyAccessToken ? this.fromAccessToken(token) : this.fromApiToken(key)
      if (this.cache.size >= CACHE_MAX) this.cache.clear()
      entry = { principal, at: now, stamp }
      this.cache.set(key, entry)
      // A refused token is not remembered: the next request asks again.
      principal.catch(() => {
        if (this.cache.get(key) === entry) this.cache.delete(key)
      })
    }
    const principal = await entry.principal
    if (principal.expiresAt.getTime() <= this.now()) throw unauthorized('token expired')
    return principal
  }

  private async fromApiToken(hash: string): Promise<Principal> {
    const rows = await this.db.select().from(resources).where(eq(resources.secretHash, hash)).limit(1)
    const row = rows[0]
    if (row?.type !== 'tokens') throw unauthorized('invalid token')
    const token = toRecord(row)
    if (token.status === 'revoked') throw unauthorized('token revoked')
    const expiresAt = new Date(String(token.expires_at))
    if (expiresAt.getTime() <= this.now()) throw unauthorized('token expired')
    const user = await this.activeUser(String(token.owner))
    const ownerPermissions = this.grants.permissionsOfRoles(user.roles)
    const projects = Array.isArray(token.projects) && token.projects.length > 0 ? token.projects.map(String) : null
    // last_used_at is bookkeeping, not a change: no revision, no audit entry.
    await this.db
      .update(resources)
      .set({
        data: sql`jsonb_set(${resources.data}, '{last_used_at}', to_jsonb(${new Date(this.now()).toISOString()}::text))`,
      })
      .where(eq(resources.id, row.id))
    return {
      authType: 'token',
      ...user,
      permissions: intersectPermissions((token.permissions as string[]) ?? [], ownerPermissions),
      projects,
      expiresAt,
      token: { name: token.name, prefix: String(token.prefix ?? '') },
    }
  }

  private async fromAccessToken(token: string): Promise<Principal> {
    if (!this.verifyAccessToken) throw unauthorized('invalid token')
    let verified: VerifiedAccessToken
    try {
      verified = await this.verifyAccessToken(token)
    } catch (error) {
      if (error instanceof AccessTokenError) throw unauthorized(error.expired ? 'token expired' : 'invalid token')
      throw error
    }
    const user = await this.activeUser(verified.email)
    // The groups are the IdP's at sign-in (the token's claim); the mappings are read as they are now.
    const granted = await this.grants.rolesOfGroups(this.db, verified.groups)
    const roles = [...new Set([...user.roles, ...granted.roles])]
    const permissions = this.grants.permissionsOfRoles(roles)
    return {
      authType: 'oauth',
      ...user,
      roles,
      permissions,
      projects: null,
      scoped: granted.scoped.filter((grant) => !roles.includes(grant.role)),
      expiresAt: verified.expiresAt,
    }
  }

  private async activeUser(email: string) {
    const user = await getResource(this.db, 'users', '', email)
    if (!user) throw unauthorized(`no user ${email} on this platform`)
    if (user.status === 'disabled') throw unauthorized(`user ${email} is disabled`)
    return {
      email,
      firstName: String(user.first_name ?? ''),
      lastName: String(user.last_name ?? ''),
      roles: Array.isArray(user.roles) ? user.roles.map(String) : [],
    }
  }
}
