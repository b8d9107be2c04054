import type { ResourceUi } from '../../domain/resource-ui.ts'
import { CodeSnippetFields, VCL_HOOKS } from './fields.ts'

export const codeSnippetsUi: ResourceUi = {
  type: 'codesnippets',
  service: 'core',
  route: 'code-snippets',
  title: 'VCL Snippets',
  one: 'VCL snippet',
  fields: CodeSnippetFields,
  columns: [
    { path: 'hook', label: 'Hook', sortable: true },
    { path: 'priority', label: 'Priority', sortable: true },
    { path: 'enabled', label: 'Enabled', format: 'boolean', sortable: true },
    { path: 'comment', label: 'Comment' },
  ],
  sections: [
    {
      title: 'Snippet',
      fields: [
        {
          kind: 'select',
          path: 'hook',
          label: 'Hook',
          options: VCL_HOOKS.map((hook) => ({ value: hook, label: hook })),
        },
        { kind: 'number', path: 'priority', label: 'Priority', min: 0, max: 999, help: 'Lower runs first.' },
        { kind: 'boolean', path: 'enabled', label: 'Enabled' },
        { kind: 'text', path: 'comment', label: 'Comment', wide: true },
      ],
    },
    { title: 'Code', fields: [{ kind: 'code', path: 'content', label: 'VCL', language: 'vcl', wide: true }] },
  ],
}
