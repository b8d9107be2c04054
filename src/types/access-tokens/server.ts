import * as v from 'valibot'
import { badRequest } from '../../../server/base/errors.ts'
import { generateSecret, hashSecret } from '../../../server/base/secrets.ts'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { AccessTokenFields, accessTokenExpiryProblem } from './fields.ts'
import { accessTokensUi } from './screen.ts'

/**
 * Access tokens for a project's visitors. Configuration (the edge lets their holders through, so a
 * change bumps the project's revision), but never in a backup: a backup must not carry token hashes, and
 * a restored token would come back to life.
 */
export const accessTokens: ResourceDefinition = {
  type: 'access-tokens',
  label: 'access token',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: AccessTokenFields,
  references: referenceFieldsOf(accessTokensUi),
  owners: ownerFieldsOf(accessTokensUi),
  readOnlyFields: ['prefix'],
  // `present` shows an active one past its expiry as expired.
  derivedFields: {
    prefix: v.pipe(v.string(), v.description('The secret’s first 6 characters, to tell the token by')),
    status: v.pipe(
      v.picklist(['active', 'revoked', 'expired']),
      v.description('active; revoked for good; expired once past expires_at'),
    ),
  },
  revealedFields: {
    token: v.pipe(v.string(), v.description('The secret, shown this once: what a request carries to be let through')),
  },
  listFilters: ['status', 'websites'],
  searchable: (data) => [String(data.parameter_name ?? ''), ...((data.websites as string[] | undefined) ?? [])],
  revocable: true,
  configuration: true,
  backedUp: false,
  hooks: {
    async beforeWrite({ data, existing }) {
      if (existing?.status === 'revoked' && data.status !== 'revoked') {
        const message = 'a revoked access token stays revoked: create a new one'
        throw badRequest(`status ${message}`, [{ field: 'status', message }])
      }
      const expiresAt = data.expires_at as string | null
      // An unchanged expiry may have passed since; a new one must be ahead.
      const problem =
        expiresAt !== null && expiresAt !== existing?.expires_at
          ? accessTokenExpiryProblem(expiresAt, new Date())
          : null
      if (problem) throw badRequest(`expires_at ${problem}`, [{ field: 'expires_at', message: problem }])
      return { ...data, expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString() }
    },
    async issueSecret({ data }) {
      const secret = generateSecret()
      return { hash: hashSecret(secret), data: { ...data, prefix: secret.slice(0, 6) }, reveal: { token: secret } }
    },
    present(record) {
      const expired =
        record.status === 'active' &&
        typeof record.expires_at === 'string' &&
        Date.parse(record.expires_at) <= Date.now()
      return expired ? { ...record, status: 'expired' } : record
    },
  },
}

export const server: TypeServer = { definition: accessTokens }
