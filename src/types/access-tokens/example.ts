import { resourceExample } from '../../domain/resource-example.ts'
import { AccessTokenFields } from './fields.ts'

/**
 * A token the storefront's uptime monitor sends, so that it is never challenged nor rate limited (the
 * OpenAPI documents' examples; src/domain/resource-example.ts).
 */
export const example = resourceExample(AccessTokenFields, {
  create: {
    name: 'uptime-monitor',
    display_name: 'Uptime monitor',
    websites: ['shop-example-com'],
    transport: 'header',
    parameter_name: 'X-Monitor-Token',
    bypass: ['challenge', 'rate_limit'],
  },
  update: {
    bypass: ['challenge', 'rate_limit', 'waf'],
  },
  answer: { prefix: 'Xq3vT9' },
  revealed: { token: 'Xq3vT9pLk2mR8wN4cJ7hB1sD6fG0aZ5yE3uI9oQ2tV8' },
})
