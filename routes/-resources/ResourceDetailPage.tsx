import { useQuery } from '@tanstack/react-query'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { type ResourceUi, resourceRoutes, whereWords } from '../../src/domain/resource-ui.ts'
import { queryError } from '../../src/queries/errors.ts'
import { buttonClassName } from '../../src/ui/Button.tsx'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { notify } from '../../src/ui/Toaster.tsx'
import { useDrawnAnswer } from '../../src/ui/useDrawnAnswer.ts'
import { ResourceDetail } from '../../src/views/resources/ResourceDetail.tsx'
import { DeletionDialog, useDeletion } from './Deletion.tsx'
import type { AddonContext, DetailAddons } from './detail-addons.ts'
import { PageMessage } from './PageMessage.tsx'
import { renderReference } from './ReferenceLink.tsx'
import type { ResourcePage } from './useResourcePage.ts'

type DetailProps = {
  ui: ResourceUi
  name: string
  project: string
  page: ResourcePage
  listLink: ReactNode
  addons: DetailAddons | undefined
}

/** The resource itself, once the page may show it: loading, not found, or its fields, actions and add-ons. */
export function ResourceDetailPage({ ui, name, project, page, listLink, addons }: DetailProps) {
  const routes = resourceRoutes(ui)
  const follow = addons?.refetchInterval
  const query = useQuery({
    ...page.queries.detail(ui, project, name),
    refetchInterval: follow ? (q) => (q.state.data ? follow(q.state.data) : false) : undefined,
  })
  // Once it is gone: its list, or the home page for a user who may delete it but not list its type.
  const deletion = useDeletion(ui, project, page, page.can.list ? routes.list : '/home')
  // Its fields and add-ons are drawn as a transition, in short tasks.
  const record = useDrawnAnswer(query.data)

  if (query.isError) {
    const missing = queryError.isNotFound(query.error)
    return (
      <PageMessage
        title={ui.title}
        text={
          missing
            ? `No ${ui.one} named "${name}"${whereWords(ui)}.`
            : `The ${ui.one} could not be loaded: ${queryError.message(query.error)}`
        }
        link={listLink}
      />
    )
  }
  if (record === undefined) return <Spinner label={`Loading the ${ui.one}…`} size="lg" />
  const context: AddonContext = { project, can: page.can, page }
  return (
    <>
      {listLink && <p className="mb-2 text-sm">{listLink}</p>}
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
        actions={addons?.actions?.(record, context)}
        onCopy={() => {
          navigator.clipboard.writeText(JSON.stringify(record, null, 2)).then(
            () => notify(`The ${ui.one} "${record.name}" was copied as JSON.`, { kind: 'success' }),
            () => notify('The clipboard refused the copy.', { kind: 'error' }),
          )
        }}
      >
        {addons?.content?.(record, context)}
      </ResourceDetail>
      <DeletionDialog ui={ui} actor={deletion} records={[record]} />
    </>
  )
}
