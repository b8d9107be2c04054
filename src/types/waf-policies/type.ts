import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const wafPoliciesType: TypeEntry = {
  ...configuration('wafconfigs', 'waf-policies', 'WAF Policies', 'WAF policy', 'waf_policy_name', {
    section: 'security',
  }),
  protection: true,
}
