import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { WafPolicyFields } from './fields.ts'

export const wafPolicies: ResourceDefinition = {
  type: 'wafconfigs',
  label: 'WAF policy',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: WafPolicyFields,
  searchable: (data) => [String(data.mode ?? ''), String(data.ruleset ?? '')],
  configuration: true,
}

export const server: TypeServer = { definition: wafPolicies }
