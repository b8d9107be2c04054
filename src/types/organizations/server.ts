import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { releaseMappingsOf } from '../sso-mappings/server.ts'
import { OrganizationFields } from './fields.ts'

export const organizations: ResourceDefinition = {
  type: 'organizations',
  label: 'organization',
  service: 'auth',
  scope: 'platform',
  permissionService: 'auth',
  fields: OrganizationFields,
  configuration: false,
  hooks: {
    beforeDelete: ({ db, name, caller }) => releaseMappingsOf(db, 'organization', name, caller),
  },
}

export const server: TypeServer = { definition: organizations }
