import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { TlsPolicyFields } from './fields.ts'

export const tlsPolicies: ResourceDefinition = {
  type: 'sslpolicies',
  label: 'TLS policy',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: TlsPolicyFields,
  searchable: (data) => [String(data.min_version ?? ''), String(data.cipher_profile ?? '')],
  configuration: true,
}

export const server: TypeServer = { definition: tlsPolicies }
