import { resourceExample } from '../../domain/resource-example.ts'
import { UserFields } from './fields.ts'

/** A new operator (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(UserFields, {
  create: {
    email: 'jane.doe@example.com',
    first_name: 'Jane',
    last_name: 'Doe',
    roles: ['operator'],
    groups: ['edge-operators'],
  },
  update: {
    roles: ['admin'],
  },
})
