import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { ownerFieldsOf, referenceFieldsOf } from '../../domain/resource-ui.ts'
import { releaseMappingsOf } from '../sso-mappings/server.ts'
import { CustomerFields } from './fields.ts'
import { customersUi } from './screen.ts'

export const customers: ResourceDefinition = {
  type: 'customers',
  label: 'customer',
  service: 'auth',
  scope: 'platform',
  permissionService: 'auth',
  fields: CustomerFields,
  references: referenceFieldsOf(customersUi),
  owners: ownerFieldsOf(customersUi),
  // The management page deletes a customer with its projects, after showing what that removes.
  cascadesTo: ['projects'],
  configuration: false,
  hooks: {
    beforeDelete: ({ db, name, caller }) => releaseMappingsOf(db, 'customer', name, caller),
  },
}

export const server: TypeServer = { definition: customers }
