import { resourceExample } from '../../domain/resource-example.ts'
import { CaptchaFields } from './fields.ts'

/**
 * A Cloudflare Turnstile challenge for the checkout, with Cloudflare's published test keys (the OpenAPI
 * documents' examples; src/domain/resource-example.ts).
 */
export const example = resourceExample(CaptchaFields, {
  create: {
    name: 'checkout-turnstile',
    display_name: 'Checkout challenge',
    type: 'turnstile',
    site_key: '1x00000000000000000000AA',
    secret: '1x0000000000000000000000000000000AA',
    clearance_ttl_s: 3600,
    exempt: { iplists: ['office-network'], user_agents: ['UptimeRobot'] },
  },
  update: {
    clearance_ttl_s: 7200,
  },
})
