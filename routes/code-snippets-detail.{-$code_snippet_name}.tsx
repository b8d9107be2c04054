import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { codeSnippetsUi } from '../src/types/code-snippets/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/code-snippets-detail/{-$code_snippet_name}')

export const Route = createFileRoute('/code-snippets-detail/{-$code_snippet_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.code_snippet_name })
  return <ResourceDetailRoute ui={codeSnippetsUi} name={name} />
}
