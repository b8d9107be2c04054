import { resourceExample } from '../../domain/resource-example.ts'
import { RateLimitFields } from './fields.ts'

/** At most 600 API calls a minute per API key (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(RateLimitFields, {
  create: {
    name: 'api-per-key',
    display_name: 'API calls per key',
    match: { paths: ['/api/'], match_type: 'prefix' },
    keys: ['header:X-Api-Key'],
    limit: 600,
    period_s: 60,
    action: 'block',
    response_status: 429,
    bypass_iplists: ['office-network'],
  },
  update: {
    limit: 1200,
  },
})
