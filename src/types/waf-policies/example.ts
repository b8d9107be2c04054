import { resourceExample } from '../../domain/resource-example.ts'
import { WafPolicyFields } from './fields.ts'

/** The shop API's firewall, watching before it blocks (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(WafPolicyFields, {
  create: {
    name: 'api-waf',
    display_name: 'API WAF',
    mode: 'detect',
    paranoia_level: 2,
    categories: { php: false, java: false },
    exclusions: [
      {
        path: '/api/search',
        parameter: 'q',
        rule_ids: ['942100'],
        reason: 'Product searches quote SQL-like words',
      },
    ],
  },
  update: {
    mode: 'block',
  },
})
