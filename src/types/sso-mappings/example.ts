import { resourceExample } from '../../domain/resource-example.ts'
import { SsoMappingFields } from './fields.ts'

/** The shop team's IdP group operates the shop project (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(SsoMappingFields, {
  create: {
    name: 'shop-team-operators',
    display_name: 'Shop team operates the shop',
    group: 'shop-team',
    role: 'operator',
    scope: 'project',
    scope_name: 'shop',
  },
  update: {
    role: 'viewer',
  },
})
