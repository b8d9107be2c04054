import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, getRouteApi, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use, useState } from 'react'
import { selectIsProjectBusy, selectProjectName, selectProjectPermissions } from '../machines/project.selectors.ts'
import { PAGE_HEADINGS } from '../src/domain/page-headings.ts'
import { grants } from '../src/domain/permissions.ts'
import { queryOfView, STATS_METRICS } from '../src/domain/stats.ts'
import { StatisticsSearch, type StatisticsView } from '../src/domain/stats-view.ts'
import { queryError } from '../src/queries/errors.ts'
import { Spinner } from '../src/ui/Spinner.tsx'
import { useElapsedSeconds } from '../src/ui/useElapsedSeconds.ts'
import { PageHeading } from '../src/views/PageHeading.tsx'
import { StatisticsPage } from '../src/views/StatisticsPage.tsx'

const root = getRouteApi('__root__')
const route = getRouteApi('/statistics')

export const Route = createFileRoute('/statistics')({ validateSearch: StatisticsSearch, component: Page })

function Page() {
  const { actors } = root.useRouteContext()
  const project = useSelector(actors.project, selectProjectName)
  const permissions = useSelector(actors.project, selectProjectPermissions)
  const busy = useSelector(actors.project, selectIsProjectBusy)
  const allowed = grants(permissions, 'wadp.stats.query')
  const message = (text: string) => (
    <>
      <PageHeading title={PAGE_HEADINGS['/statistics'].title} />
      <p>{text}</p>
    </>
  )
  if (!project) return message('Select a project to see its traffic.')
  // The project's permissions arrive with it: no verdict before they do.
  if (!allowed && busy) return <Spinner label="Loading your permissions…" size="lg" />
  if (!allowed) return message('You do not have permission to see the statistics of this project.')
  return <ProjectStatistics project={project} />
}

/** Defaults stay out of the URL, so a shared link says only what differs. */
const DEFAULTS: Partial<StatisticsView> = { range: '24h', granularity: 'auto', group_by: 'none' }

function ProjectStatistics({ project }: { project: string }) {
  const { tools } = root.useRouteContext()
  const { queries } = use(tools())
  const view = route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // A preset resolves against a clock rounded to its bucket: the same query, and no refetch, until it moves.
  const asked = queryOfView(view, project, STATS_METRICS, Date.now())
  const options = queries.stats(asked.query ?? { project, from: '', to: '', metrics: [] })
  const stats = useQuery({ ...options, enabled: asked.query !== null, placeholderData: keepPreviousData })
  const [websiteFilter, setWebsiteFilter] = useState('')
  const websites = useQuery(queries.websiteNames(project, websiteFilter.trim()))
  const elapsedSeconds = useElapsedSeconds(stats.isFetching)
  const cancelled = asked.query !== null && !stats.isFetching && (stats.isPending || stats.isPlaceholderData)
  const result = !asked.query
    ? ({ status: 'idle' } as const)
    : cancelled
      ? ({ status: 'cancelled' } as const)
      : stats.isError
        ? ({ status: 'error', message: queryError.message(stats.error) } as const)
        : stats.data
          ? ({ status: 'ready', data: stats.data, fetching: stats.isFetching, elapsedSeconds } as const)
          : ({ status: 'loading', elapsedSeconds } as const)
  return (
    <StatisticsPage
      project={project}
      view={view}
      resolved={asked.query && { from: asked.query.from, to: asked.query.to }}
      websites={websites.data ?? null}
      websiteFilter={websiteFilter}
      onWebsiteFilter={setWebsiteFilter}
      viewError={asked.error}
      result={result}
      onChange={(patch) =>
        void navigate({
          to: '/statistics',
          search: (previous) => {
            const next: Record<string, unknown> = { ...previous, ...patch }
            for (const [key, value] of Object.entries(DEFAULTS)) if (next[key] === value) next[key] = undefined
            return next as StatisticsView
          },
          replace: true,
        })
      }
      onCancel={() => void queryClient.cancelQueries({ queryKey: options.queryKey })}
      onRetry={() => void stats.refetch()}
    />
  )
}
