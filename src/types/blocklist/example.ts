import { resourceExample } from '../../domain/resource-example.ts'
import { BlocklistFields } from './fields.ts'

/** A scanner blocked on every project (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(BlocklistFields, {
  create: {
    name: 'scanner-198-51-100-23',
    target: 'ip',
    value: '198.51.100.23',
    action: 'block',
    notes: 'Vulnerability scanner probing /wp-login.php',
  },
  update: {
    action: 'challenge',
  },
  answer: { status: 'active' },
  actions: {
    'post /access-list/import': {
      text: '203.0.113.128/25 # abusive hosting range\nAS64500 # bot network\n',
      action: 'block',
      scope: 'platform',
    },
  },
})
