import { useQueries } from '@tanstack/react-query'
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use } from 'react'
import { selectProjectName } from '../machines/project.selectors.ts'
import { operationsOf } from '../src/domain/api-docs.ts'
import { SERVICE_NAMES as services } from '../src/domain/platform-info.ts'
import { queryError } from '../src/queries/errors.ts'
import { ApiDocsPage, type ApiDocsService } from '../src/views/ApiDocsPage.tsx'

const root = getRouteApi('__root__')

export const Route = createFileRoute('/api-docs')({ component: Page })

/** Each service's document loads on its own: one that fails shows its error and a retry, not a blank page. */
function Page() {
  const { actors, tools } = root.useRouteContext()
  const { queries, tryRequest } = use(tools())
  const project = useSelector(actors.project, selectProjectName)
  const hash = useLocation({ select: (location) => location.hash })
  const documents = useQueries({ queries: services.map((service) => queries.apiDocument(service)) })
  const views: ApiDocsService[] = services.map((service, index) => {
    const document = documents[index]
    return {
      service,
      status: document?.data ? 'ready' : document?.isError ? 'error' : 'loading',
      error: document?.error ? queryError.message(document.error) : undefined,
      title: document?.data?.info.title,
      version: document?.data?.info.version,
      groups: document?.data ? operationsOf(service, document.data) : [],
    }
  })
  return (
    <ApiDocsPage
      services={views}
      linkedId={hash || undefined}
      defaults={project ? { project } : {}}
      onRetry={(service) => void documents[services.indexOf(service as (typeof services)[number])]?.refetch()}
      onSend={tryRequest}
    />
  )
}
