import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const rateLimitsType: TypeEntry = {
  ...configuration('ratelimits', 'rate-limits', 'Rate Limits', 'rate limit', 'rate_limit_name', {
    section: 'security',
  }),
  protection: true,
}
