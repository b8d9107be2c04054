import { useQuery } from '@tanstack/react-query'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { type ResourceUi, resourceRoutes, titleInSentence } from '../../src/domain/resource-ui.ts'
import { queryError } from '../../src/queries/errors.ts'
import { buttonClassName } from '../../src/ui/Button.tsx'
import { quietLinkClassName } from '../../src/ui/link.ts'
import { useDrawnAnswer } from '../../src/ui/useDrawnAnswer.ts'
import { ResourceList, type ResourceListProps } from '../../src/views/resources/ResourceList.tsx'
import { DeletionDialog, useDeletion } from './Deletion.tsx'
import { useListFilterControls } from './ListFilters.tsx'
import { renderReference } from './ReferenceLink.tsx'
import { useListParams } from './useListParams.ts'
import type { ResourcePage } from './useResourcePage.ts'

/** What a type adds to its list page: buttons beside Add (users: Invite a user, with its dialog). */
export type ListAddons = {
  actions?: (context: { project: string; page: ResourcePage }) => ReactNode
  /** The cells of the type's `custom` columns (a node's flag). */
  cell?: ResourceListProps['renderCustomCell']
  /** Buttons for the selected rows (nodes: maintenance on or off), when the user may use them. */
  selection?: (page: ResourcePage) => ResourceListProps['selectionActions']
}

type ProjectListProps = {
  ui: ResourceUi
  project: string
  page: ResourcePage
  addons: ListAddons | undefined
}

/** One project's list of a type (the platform's for a platform type): the URL's list params, one server page, deletion. */
export function ProjectList({ ui, project, page, addons }: ProjectListProps) {
  const routes = resourceRoutes(ui)
  const plural = titleInSentence(ui)
  const { params, filters, setParams, setFilter } = useListParams(ui)
  // The query the route's loader started (listLoader.ts reads the same): the rows come from the cache.
  const query = useQuery(page.queries.list(ui, project, params, filters))
  // The page with its rows is drawn as a transition, in short tasks.
  const data = useDrawnAnswer(query.data)
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
        rows={data?.data ?? []}
        total={data?.meta.total ?? 0}
        params={params}
        status={query.isError ? 'error' : data ? 'ready' : 'loading'}
        errorMessage={query.error ? `The ${plural} could not be loaded: ${queryError.message(query.error)}` : undefined}
        refreshing={query.isFetching && data !== undefined}
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
      <DeletionDialog ui={ui} actor={deletion} records={data?.data ?? []} />
    </>
  )
}
