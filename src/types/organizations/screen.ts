import type { ResourceUi } from '../../domain/resource-ui.ts'
import { OrganizationFields } from './fields.ts'

const tenancy = { service: 'auth', scope: 'platform', permissionService: 'auth' } as const

/** Organizations have an add page only (spec section 2); a new one leads back to the projects. */
export const organizationsUi: ResourceUi = {
  ...tenancy,
  type: 'organizations',
  route: 'admin/organizations',
  routeNames: {
    list: 'admin',
    add: 'admin/organizations-add',
    detail: 'admin',
    edit: 'admin',
  },
  afterSave: 'list',
  title: 'Organizations',
  one: 'organization',
  fields: OrganizationFields,
  columns: [{ path: 'description', label: 'Description' }],
  sections: [
    {
      title: 'Organization',
      fields: [{ kind: 'text', path: 'description', label: 'Description', multiline: true, wide: true }],
    },
  ],
}
