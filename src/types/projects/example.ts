import { resourceExample } from '../../domain/resource-example.ts'
import { ProjectFields } from './fields.ts'

/** A new project of Acme Retail (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(ProjectFields, {
  create: {
    name: 'outlet',
    display_name: 'Acme Outlet',
    customer: 'acme-retail',
    description: 'The outlet store, launched in the spring',
  },
  update: {
    display_name: 'Acme Outlet Store',
  },
  read: { organization: 'acme' },
})
