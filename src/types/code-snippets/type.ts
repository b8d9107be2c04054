import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const codeSnippetsType: TypeEntry = configuration(
  'codesnippets',
  'code-snippets',
  'VCL Snippets',
  'VCL snippet',
  'code_snippet_name',
  {
    section: 'configuration',
  },
)
