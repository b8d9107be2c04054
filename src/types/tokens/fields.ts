import * as v from 'valibot'
import { Email, IsoDateTime, Slug, uniqueItems } from '../../domain/common.ts'
import { isPermission } from '../../domain/permissions.ts'
import { TOKEN_LIFETIME_DAYS } from '../../domain/tokens.ts'

export const Permission = v.pipe(
  v.string('must be a string'),
  v.check(isPermission, 'must be service.resource.action, each part a name or *'),
)

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
