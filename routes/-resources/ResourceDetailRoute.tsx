import { useQuery } from '@tanstack/react-query'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { type ResourceUi, resourceRoutes } from '../../src/domain/resource-ui.ts'
import { queryError } from '../../src/queries/errors.ts'
import { buttonClassName } from '../../src/ui/Button.tsx'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { notify } from '../../src/ui/Toaster.tsx'
import { ResourceDetail } from '../../src/views/resources/ResourceDetail.tsx'
import { DeletionDialog, useDeletion } from './Deletion.tsx'
import { PageMessage } from './PageMessage.tsx'
import { linkClassName, renderReference } from './ReferenceLink.tsx'
import { useResourcePage } from './useResourcePage.ts'

/** A resource's detail page: its fields, edit and delete by permission, and "Copy as JSON". */
export function ResourceDetailRoute({ ui, name }: { ui: ResourceUi; name: string | undefined }) {
  const page = useResourcePage(ui)
  const routes = resourceRoutes(ui)
  const listLink = (
    <Link to={routes.list as LinkProps['to']} className={linkClassName}>
      Back to {ui.title}
    </Link>
  )
  if (!name) return <PageMessage title={ui.title} text={`Which ${ui.one}? Pick one from the list.`} link={listLink} />
  if (!page.project) return <PageMessage title={ui.title} text="Select a project first." />
  if (!page.can.get)
    return <PageMessage title={ui.title} text={`You do not have permission to see ${ui.title.toLowerCase()}.`} />
  return <Detail ui={ui} name={name} project={page.project} page={page} listLink={listLink} />
}

type DetailProps = {
  ui: ResourceUi
  name: string
  project: string
  page: ReturnType<typeof useResourcePage>
  listLink: ReactNode
}

function Detail({ ui, name, project, page, listLink }: DetailProps) {
  const routes = resourceRoutes(ui)
  const query = useQuery(page.queries.detail(ui, project, name))
  const deletion = useDeletion(ui, project, page, 'list')

  if (query.isPending) return <Spinner label={`Loading the ${ui.one}…`} size="lg" />
  if (query.isError) {
    const missing = queryError.isNotFound(query.error)
    return (
      <PageMessage
        title={ui.title}
        text={
          missing
            ? `No ${ui.one} named "${name}" in this project.`
            : `The ${ui.one} could not be loaded: ${queryError.message(query.error)}`
        }
        link={listLink}
      />
    )
  }
  const record = query.data
  return (
    <>
      <p className="mb-2 text-sm">{listLink}</p>
      <ResourceDetail
        ui={ui}
        record={record}
        can={page.can}
        renderReference={renderReference}
        renderEditLink={(content) => (
          <Link to={routes.edit(record.name) as LinkProps['to']} className={buttonClassName('primary')}>
            {content}
          </Link>
        )}
        onDelete={() =>
          deletion.send({ type: 'deletion.request', items: [{ name: record.name, revision: record.revision }] })
        }
        onCopy={() => {
          navigator.clipboard.writeText(JSON.stringify(record, null, 2)).then(
            () => notify(`The ${ui.one} "${record.name}" was copied as JSON.`, { kind: 'success' }),
            () => notify('The clipboard refused the copy.', { kind: 'error' }),
          )
        }}
      />
      <DeletionDialog ui={ui} actor={deletion} />
    </>
  )
}
