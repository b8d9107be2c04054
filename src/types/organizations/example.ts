import { resourceExample } from '../../domain/resource-example.ts'
import { OrganizationFields } from './fields.ts'

/** A new organization (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(OrganizationFields, {
  create: {
    name: 'initech',
    display_name: 'Initech',
    description: 'Software company',
  },
  update: {
    description: 'Software and consulting company',
  },
})
