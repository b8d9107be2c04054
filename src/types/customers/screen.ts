import type { ResourceUi } from '../../domain/resource-ui.ts'
import { CustomerFields } from './fields.ts'

const tenancy = { service: 'auth', scope: 'platform', permissionService: 'auth' } as const

/** Customers have an add page only (spec section 2); a new one leads back to the projects. */
export const customersUi: ResourceUi = {
  ...tenancy,
  type: 'customers',
  route: 'admin/customers',
  routeNames: {
    list: 'admin',
    add: 'admin/customers-add',
    detail: 'admin',
    edit: 'admin',
  },
  afterSave: 'list',
  title: 'Customers',
  one: 'customer',
  fields: CustomerFields,
  columns: [
    { path: 'organization', label: 'Organization' },
    { path: 'description', label: 'Description' },
  ],
  sections: [
    {
      title: 'Customer',
      fields: [
        { kind: 'reference', path: 'organization', label: 'Organization', type: 'organizations', owner: true },
        { kind: 'text', path: 'description', label: 'Description', multiline: true, wide: true },
      ],
    },
  ],
}
