import { resourceExample } from '../../domain/resource-example.ts'
import { IpListFields } from './fields.ts'

/** The payment provider's webhook senders (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(IpListFields, {
  create: {
    name: 'payment-webhooks',
    display_name: 'Payment webhooks',
    description: 'Our payment provider’s webhook senders: never rate limited or challenged',
    entries: [
      { cidr: '192.0.2.0/25', comment: 'Provider webhooks (EU)' },
      { cidr: '2001:db8:7700::/48', comment: 'Provider webhooks (IPv6)' },
    ],
  },
  update: {
    description: 'Our payment provider’s webhook senders (EU and IPv6): never rate limited or challenged',
  },
  answer: { entry_count: 2 },
  actions: {
    'post /projects/:project/iplists/:name/import': {
      text: '198.51.100.40 # new webhook sender\n198.51.100.41 # new webhook sender\n',
      mode: 'append',
    },
  },
})
