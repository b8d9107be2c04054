import { conflict } from '../../../server/base/errors.ts'
import type { ResourceDefinition, TypeServer } from '../../../server/resources/definition.ts'
import { lockKeys, snippetKey, snippetUses } from '../websites/server.ts'
import { checkSnippetDelete, checkSnippetVcl, confineInit, confineSnippet } from './edge-check.ts'
import { type CodeSnippetData, CodeSnippetFields } from './fields.ts'

/**
 * The advisory lock of a project's snippets, which every write and delete of one takes: each checks the
 * others (a vcl_init snippet reaching another's return (fail), the project's VCL compiling without one),
 * so two at once would each pass against what the other had not yet stored.
 */
export const projectSnippetsKey = (project: string) => `vcl-snippets|${project}`

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
    async beforeWrite({ db, scope, name, data, concurrent }) {
      const snippet = data as CodeSnippetData
      // A website naming it at the same moment waits for this write, or this one for it (lockKeys); so does
      // a write of another of the project's snippets (projectSnippetsKey).
      if (concurrent !== false) await lockKeys(db, [snippetKey(scope, name), projectSnippetsKey(scope)])
      // A website runs it in the hook of the field that names it: moved to another hook, that website
      // could not be saved again (src/types/websites/server.ts refuses the mismatch) nor run it.
      const misplaced = (await snippetUses(db, scope, name)).filter((use) => use.hook !== snippet.hook)
      if (misplaced.length > 0) {
        const errors = misplaced.map((use) => ({
          field: 'hook',
          message: `website ${use.website} runs it in ${use.hook} (${use.field})`,
        }))
        throw conflict(errors.map((e) => e.message).join('; '), undefined, errors)
      }
      confineSnippet(snippet.content, snippet.hook)
      await confineInit(db, scope, name, snippet)
      await checkSnippetVcl(db, scope, name, snippet)
      return undefined
    },
    // A global snippet whose subroutine another snippet calls stays while that one does.
    async beforeDelete({ db, scope, name }) {
      await lockKeys(db, [projectSnippetsKey(scope)])
      await checkSnippetDelete(db, scope, name)
      return undefined
    },
  },
}

export const server: TypeServer = { definition: codeSnippets }
