import type { ResourceUi } from '../../domain/resource-ui.ts'
import { ProjectFields } from './fields.ts'

/** The platform's tenancy (RESOURCES.md, Admin): organizations own customers, customers own projects. */
const tenancy = { service: 'auth', scope: 'platform', permissionService: 'auth' } as const

/** The admin's Projects list (/admin), with add, detail and edit pages under /admin. */
export const projectsUi: ResourceUi = {
  ...tenancy,
  type: 'projects',
  route: 'admin/projects',
  routeNames: {
    list: 'admin',
    add: 'admin/projects-add',
    detail: 'admin/projects-detail',
    edit: 'admin/projects-edit',
  },
  title: 'Projects',
  one: 'project',
  // A project goes with everything in it: only /project-delete, after its name is typed again.
  deletable: false,
  fields: ProjectFields,
  columns: [
    { path: 'customer', label: 'Customer', sortable: true },
    { path: 'organization', label: 'Organization' },
    { path: 'description', label: 'Description' },
  ],
  listFilters: [
    { param: 'organization', label: 'Filter by organization', optionsOf: 'organizations' },
    { param: 'customer', label: 'Filter by customer', optionsOf: 'customers' },
  ],
  sections: [
    {
      title: 'Project',
      fields: [
        { kind: 'reference', path: 'customer', label: 'Customer', type: 'customers', owner: true },
        // The customer's, shown by the server: a project moves to another organization with its customer.
        { kind: 'text', path: 'organization', label: 'Organization', readOnly: true },
        { kind: 'text', path: 'description', label: 'Description', multiline: true, wide: true },
      ],
    },
  ],
}
