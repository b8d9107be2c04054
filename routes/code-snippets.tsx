import { createFileRoute } from '@tanstack/react-router'
import { codeSnippetsUi } from '../src/domain/definitions/code-snippets.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/code-snippets')({
  validateSearch: ResourceListSearch,
  loader: listLoader(codeSnippetsUi),
  component: () => <ResourceListRoute ui={codeSnippetsUi} />,
})
