import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type LinkProps } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { selectIsProjectBusy } from '../../machines/project.selectors.ts'
import { type ResourceUi, resourceRoutes, titleInSentence } from '../../src/domain/resource-ui.ts'
import { queryError } from '../../src/queries/errors.ts'
import { buttonClassName } from '../../src/ui/Button.tsx'
import { quietLinkClassName } from '../../src/ui/link.ts'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { PageHeading } from '../../src/views/PageHeading.tsx'
import { ResourceList, type ResourceListProps } from '../../src/views/resources/ResourceList.tsx'
import { DeletionDialog, useDeletion } from './Deletion.tsx'
import { useListFilterControls } from './ListFilters.tsx'
import { renderReference } from './ReferenceLink.tsx'
import { useListParams } from './useListParams.ts'
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
  const routes = resourceRoutes(ui)
  const plural = titleInSentence(ui)
  const { params, filters, setParams, setFilter } = useListParams(ui)
  // The query the route's loader started (listLoader.ts reads the same): the rows come from the cache.
  const query = useQuery(page.queries.list(ui, project, params, filters))
  const filterControls = useListFilterControls(ui, project, page, filters, setFilter)
  const deletion = useDeletion(ui, project, page)

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
        filterControls={filterControls}
        onParamsChange={setParams}
        onRetry={query.refetch}
        onDelete={(selected) => deletion.send({ type: 'deletion.request', items: selected })}
        renderDetailLink={(name, content) => link(routes.detail(name), quietLinkClassName)(content)}
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
