import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { CodeSnippetFields } from './fields.ts'

export const codeSnippets: ResourceDefinition = {
  type: 'codesnippets',
  label: 'VCL snippet',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: CodeSnippetFields,
  searchable: (data) => [String(data.hook ?? ''), String(data.comment ?? '')],
  configuration: true,
}

export const server: TypeServer = { definition: codeSnippets }
