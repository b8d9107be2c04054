import { useQueries, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type LinkProps, useNavigate, useSearch } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useMemo } from 'react'
import * as v from 'valibot'
import { selectIsProjectBusy } from '../../machines/project.selectors.ts'
import { listParams, listSearchOf, type ResourceListParams, ResourceListSearch } from '../../src/domain/list-search.ts'
import { referenceTargetOf } from '../../src/domain/resource-routes.ts'
import { listFilterValues, type ResourceUi, resourceRoutes, titleInSentence } from '../../src/domain/resource-ui.ts'
import { queryError } from '../../src/queries/errors.ts'
import { buttonClassName } from '../../src/ui/Button.tsx'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { PageHeading } from '../../src/views/PageHeading.tsx'
import { Dropdown } from '../../src/views/resources/fields/Dropdowns.tsx'
import { ResourceList, type ResourceListProps } from '../../src/views/resources/ResourceList.tsx'
import { DeletionDialog, useDeletion } from './Deletion.tsx'
import { linkClassName, renderReference } from './ReferenceLink.tsx'
import { useResourcePage } from './useResourcePage.ts'

const root = getRouteApi('__root__')

/** What a type adds to its list page: buttons beside Add (users: Invite a user, with its dialog). */
export type ListAddons = {
  actions?: (context: { project: string; page: ReturnType<typeof useResourcePage> }) => ReactNode
  /** The cells of the type's `custom` columns (a node's flag). */
  cell?: ResourceListProps['renderCustomCell']
  /** Buttons for the selected rows (nodes: maintenance on or off), when the user may use them. */
  selection?: (page: ReturnType<typeof useResourcePage>) => ResourceListProps['selectionActions']
}

/** A resource type's list page (/websites, /directors…): the URL's list params, one server page, deletion. */
export function ResourceListRoute({ ui, addons }: { ui: ResourceUi; addons?: ListAddons }) {
  const page = useResourcePage(ui)
  const projectBusy = useSelector(
    root.useRouteContext({ select: (context) => context.actors.project }),
    selectIsProjectBusy,
  )
  const plural = titleInSentence(ui)
  const message = (text: ReactNode) => (
    <>
      <PageHeading title={ui.title} />
      {text}
    </>
  )
  // The project's permissions arrive with it: no verdict before they do.
  if (projectBusy && !page.can.list) return message(<Spinner label={`Loading ${plural}…`} size="lg" />)
  if (page.project === null) return message(<p>Select a project to see its {plural}.</p>)
  if (!page.can.list) return message(<p>You do not have permission to list {plural}.</p>)
  // A deletion belongs to one project: another project gets its own actor.
  return <ProjectList key={page.project} ui={ui} project={page.project} page={page} addons={addons} />
}

type ProjectListProps = {
  ui: ResourceUi
  project: string
  page: ReturnType<typeof useResourcePage>
  addons: ListAddons | undefined
}

function ProjectList({ ui, project, page, addons }: ProjectListProps) {
  const navigate = useNavigate()
  const routes = resourceRoutes(ui)
  const plural = titleInSentence(ui)
  const search = useSearch({ strict: false })
  // The query the route's loader started (listLoader.ts reads the same): the rows come from the cache.
  const { page: pageNumber, items, q, sort } = listParams(v.parse(ResourceListSearch, search))
  const params = useMemo(() => ({ page: pageNumber, items, q, sort }), [pageNumber, items, q, sort])
  const filterKey = JSON.stringify(listFilterValues(ui, search as Record<string, unknown>))
  const filters = useMemo(() => JSON.parse(filterKey) as Record<string, string>, [filterKey])
  const query = useQuery(page.queries.list(ui, project, params, filters))
  // The choices of the filters over another type's names (a projects list by customer).
  const namedTypes = (ui.listFilters ?? []).flatMap((filter) => (filter.optionsOf ? [filter.optionsOf] : []))
  const named = useQueries({
    queries: namedTypes.map((type) => page.queries.names(referenceTargetOf(type), project, '')),
  })
  const namedOptions = (type: string) =>
    (named[namedTypes.indexOf(type)]?.data?.names ?? []).map((item) => ({
      value: item.name,
      label: item.display_name ? `${item.display_name} (${item.name})` : item.name,
    }))

  const deletion = useDeletion(ui, project, page)

  const setParams = (next: Partial<ResourceListParams>) => {
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, ...listSearchOf({ ...params, ...next }) }),
      // Refining a filter replaces the entry instead of adding one per pause in typing.
      replace: next.q !== undefined && next.q !== '' && params.q !== '',
    } as Parameters<typeof navigate>[0])
  }

  const setFilter = (param: string, value: string) => {
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, [param]: value || undefined, page: undefined }),
    } as Parameters<typeof navigate>[0])
  }

  const link = (to: string, className: string) => (content: ReactNode) => (
    <Link to={to as LinkProps['to']} className={className}>
      {content}
    </Link>
  )
  return (
    <>
      <ResourceList
        ui={ui}
        rows={query.data?.data ?? []}
        total={query.data?.meta.total ?? 0}
        params={params}
        status={query.isError ? 'error' : query.data ? 'ready' : 'loading'}
        errorMessage={query.error ? `The ${plural} could not be loaded: ${queryError.message(query.error)}` : undefined}
        refreshing={query.isFetching && query.data !== undefined}
        can={{ ...page.can, create: page.can.create && ui.addable !== false }}
        actions={addons?.actions?.({ project, page })}
        filtered={Object.keys(filters).length > 0}
        filterControls={ui.listFilters?.map((filter) => (
          <div key={filter.param} className="w-44">
            <Dropdown
              label={filter.label}
              options={[{ value: '', label: 'All' }, ...(filter.options ?? namedOptions(filter.optionsOf))]}
              value={filters[filter.param] ?? ''}
              onChange={(value) => setFilter(filter.param, value)}
            />
          </div>
        ))}
        onParamsChange={setParams}
        onRetry={query.refetch}
        onDelete={(selected) => deletion.send({ type: 'deletion.request', items: selected })}
        renderDetailLink={(name, content) => link(routes.detail(name), linkClassName)(content)}
        renderEditLink={(name, content) => link(routes.edit(name), buttonClassName('ghost', 'sm'))(content)}
        renderAddLink={link(routes.add, buttonClassName('primary'))}
        renderReference={renderReference}
        renderCustomCell={addons?.cell}
        selectionActions={addons?.selection?.(page)}
      />
      <DeletionDialog ui={ui} actor={deletion} />
    </>
  )
}
