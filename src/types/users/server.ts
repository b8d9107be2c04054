import { badRequest } from '../../../server/base/errors.ts'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { Email } from '../../domain/common.ts'
import { UserFields } from './fields.ts'

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
  listFilters: ['status', 'roles', 'groups'],
  searchable: (data) => [String(data.first_name ?? ''), String(data.last_name ?? '')],
  configuration: false,
  hooks: {
    // Disabling yourself would end your own session and every token you use, with no one to undo it.
    async beforeWrite({ name, data, existing, principal }) {
      if (existing && name === principal.email && data.status === 'disabled' && existing.status !== 'disabled') {
        const message = 'you cannot disable yourself: ask another admin'
        throw badRequest(`status ${message}`, [{ field: 'status', message }])
      }
      return undefined
    },
  },
}

export const server: TypeServer = {
  definition: users,
  // A user reads themself (the console's profile).
  routes: { alsoReadableBy: (principal, email) => principal.email === email },
}
