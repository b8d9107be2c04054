import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { codeSnippetsUi } from '../src/types/code-snippets/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/code-snippets')({
  validateSearch: ResourceListSearch,
  loader: listLoader(codeSnippetsUi),
  component: () => <ResourceListRoute ui={codeSnippetsUi} />,
})
