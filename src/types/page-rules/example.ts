import { resourceExample } from '../../domain/resource-example.ts'
import { PageRuleFields } from './fields.ts'

/** The storefront never caches its checkout (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(PageRuleFields, {
  create: {
    name: 'checkout-no-cache',
    display_name: 'Never cache the checkout',
    website: 'shop-example-com',
    priority: 20,
    match: { path: '/checkout', match_type: 'prefix', methods: ['GET', 'POST'] },
    action: { kind: 'cache', mode: 'bypass' },
    response_headers: [{ op: 'set', name: 'Cache-Control', value: 'private, no-store' }],
  },
  update: {
    priority: 25,
    match: { path: '/checkout', match_type: 'prefix' },
  },
})
