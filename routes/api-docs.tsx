import { useQueries, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useCallback, useMemo } from 'react'
import { selectProjectName } from '../machines/project.selectors.ts'
import { type OpenApiDocument, operationsOf } from '../src/domain/api-docs.ts'
import { SERVICE_NAMES as services } from '../src/domain/platform-info.ts'
import { queryError } from '../src/queries/errors.ts'
import { ApiDocsPage, type ApiDocsService } from '../src/views/ApiDocsPage.tsx'

const root = getRouteApi('__root__')

export const Route = createFileRoute('/api-docs')({ component: Page })

/**
 * A loaded service's view, made once per document: the page redraws only the section whose document
 * arrived (ApiDocsPage keeps the others as they are), and its operations are read once.
 */
const readyViews = new WeakMap<OpenApiDocument, ApiDocsService>()
function readyView(service: string, document: OpenApiDocument): ApiDocsService {
  let view = readyViews.get(document)
  if (!view) {
    view = {
      service,
      status: 'ready',
      title: document.info.title,
      version: document.info.version,
      groups: operationsOf(service, document),
    }
    readyViews.set(document, view)
  }
  return view
}

/** Each service's document loads on its own: one that fails shows its error and a retry, not a blank page. */
function Page() {
  const { actors, queries: consoleQueries } = root.useRouteContext()
  const queries = consoleQueries.platform
  const queryClient = useQueryClient()
  const project = useSelector(actors.project, selectProjectName)
  const hash = useLocation({ select: (location) => location.hash })
  const documents = useQueries({ queries: services.map((service) => queries.apiDocument(service)) })
  const views: ApiDocsService[] = services.map((service, index) => {
    const document = documents[index]
    if (document?.data) return readyView(service, document.data)
    return {
      service,
      status: document?.isError ? 'error' : 'loading',
      error: document?.error ? queryError.message(document.error) : undefined,
      groups: [],
    }
  })
  const defaults = useMemo((): Record<string, string> => (project ? { project } : {}), [project])
  const onRetry = useCallback(
    (service: string) =>
      void queryClient.refetchQueries({
        queryKey: queries.apiDocument(service as (typeof services)[number]).queryKey,
      }),
    [queryClient, queries],
  )
  return (
    <ApiDocsPage
      services={views}
      linkedId={hash || undefined}
      defaults={defaults}
      onRetry={onRetry}
      onSend={queries.tryRequest}
    />
  )
}
