import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { codeSnippetsUi } from '../src/types/code-snippets/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/code-snippets-edit/{-$code_snippet_name}')

export const Route = createFileRoute('/code-snippets-edit/{-$code_snippet_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.code_snippet_name })
  return <ResourceFormRoute ui={codeSnippetsUi} mode="edit" name={name} />
}
