import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const tlsPoliciesType: TypeEntry = {
  ...configuration('sslpolicies', 'ssl-policies', 'TLS Policies', 'TLS policy', 'ssl_policy_name', {
    section: 'crypto',
  }),
  protection: true,
}
