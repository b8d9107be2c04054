import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { checkSnippetVcl, confineSnippet } from './edge-check.ts'
import { type CodeSnippetData, CodeSnippetFields } from './fields.ts'

export const codeSnippets: ResourceDefinition = {
  type: 'codesnippets',
  label: 'VCL snippet',
  service: 'core',
  scope: 'project',
  permissionService: 'wadp',
  fields: CodeSnippetFields,
  searchable: (data) => [String(data.hook ?? ''), String(data.comment ?? '')],
  configuration: true,
  hooks: {
    // Projects share nodes: a snippet stays inside its project's VCL, and the project's VCL must compile
    // with it (EDGE.md); both are refused before anything is stored.
    async beforeWrite({ db, scope, name, data }) {
      const snippet = data as CodeSnippetData
      confineSnippet(snippet.content)
      await checkSnippetVcl(db, scope, name, snippet)
      return undefined
    },
  },
}

export const server: TypeServer = { definition: codeSnippets }
