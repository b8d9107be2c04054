import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { SyntheticFields } from './fields.ts'

export const synthetics: ResourceDefinition = {
  type: 'synthetics',
  label: 'synthetic response',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: SyntheticFields,
  searchable: (data) => [String(data.content_type ?? '')],
  configuration: true,
}

export const server: TypeServer = { definition: synthetics }
