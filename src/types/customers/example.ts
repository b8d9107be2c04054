import { resourceExample } from '../../domain/resource-example.ts'
import { CustomerFields } from './fields.ts'

/** A new customer of Acme (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(CustomerFields, {
  create: {
    name: 'acme-travel',
    display_name: 'Acme Travel',
    organization: 'acme',
    description: 'Travel booking sites',
  },
  update: {
    description: 'Travel booking sites and the loyalty programme',
  },
})
