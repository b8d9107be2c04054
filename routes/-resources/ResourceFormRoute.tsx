import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type LinkProps } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { selectUser } from '../../machines/session.selectors.ts'
import { withArticle } from '../../src/domain/articles.ts'
import { initialDraft } from '../../src/domain/resource-body.ts'
import { draftOf, formTitle, type ResourceUi, resourceRoutes, whereWords } from '../../src/domain/resource-ui.ts'
import { queryError } from '../../src/queries/errors.ts'
import { quietLinkClassName } from '../../src/ui/link.ts'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { useDrawnAnswer } from '../../src/ui/useDrawnAnswer.ts'
import { FormPage } from './FormPage.tsx'
import { draftKey, takeDraft } from './keptDraft.ts'
import { PageMessage } from './PageMessage.tsx'
import { type ResourcePage, useResourcePage } from './useResourcePage.ts'

type Mode = 'create' | 'edit'

const root = getRouteApi('__root__')

/** What the user typed in this form before their session expired, given back once they signed in again. */
function useKeptDraft(ui: ResourceUi, page: ResourcePage, name: string | null) {
  const { session } = root.useRouteContext().actors
  const [kept] = useState(() =>
    takeDraft(draftKey(ui.type, page.project ?? '', name), selectUser(session.getSnapshot())?.email ?? ''),
  )
  return kept
}

/** The add page (`mode: 'create'`) or the edit page of a resource type, by its definition. */
export function ResourceFormRoute({ ui, mode, name }: { ui: ResourceUi; mode: Mode; name?: string | undefined }) {
  const page = useResourcePage(ui)
  const routes = resourceRoutes(ui)
  const title = formTitle(ui, mode, name)
  // No way back to a list the user may not see (it would only refuse them).
  const listLink = page.can.list && (
    <Link to={routes.list as LinkProps['to']} className={quietLinkClassName}>
      Back to {ui.title}
    </Link>
  )
  const allowed = mode === 'create' ? page.can.create : page.can.update
  if (mode === 'edit' && !name) {
    return <PageMessage title={title} text={`Which ${ui.one}? Pick one from the list.`} link={listLink} />
  }
  if (page.project === null) return <PageMessage title={title} text="Select a project first." />
  // The project's permissions are still on their way: not a refusal yet.
  if (!allowed && page.waiting) return <Spinner label="Loading your permissions…" size="lg" />
  if (!allowed) {
    const text =
      mode === 'create'
        ? `You do not have permission to add ${withArticle(ui.one)}${whereWords(ui)}.`
        : `You do not have permission to edit this ${ui.one}.`
    return <PageMessage title={title} text={text} link={listLink} />
  }
  if (mode === 'edit' && name) {
    return (
      <EditPage key={`${page.project}/${name}`} ui={ui} name={name} page={page} title={title} listLink={listLink} />
    )
  }
  return <AddPage key={page.project} ui={ui} page={page} title={title} />
}

function AddPage({ ui, page, title }: { ui: ResourceUi; page: ResourcePage; title: string }) {
  const kept = useKeptDraft(ui, page, null)
  const start = kept ?? { name: null, values: initialDraft(ui.fields, ui.newDraft?.()), revision: null }
  return <FormPage ui={ui} mode="create" title={title} page={page} start={start} />
}

type EditPageProps = { ui: ResourceUi; name: string; page: ResourcePage; title: string; listLink: ReactNode }

function EditPage({ ui, name, page, title, listLink }: EditPageProps) {
  const project = page.project ?? ''
  const query = useQuery(page.queries.detail(ui, project, name))
  // The form starts from the record as the platform has it now: a copy in the cache (the detail page seen
  // a while ago) is asked for again as the page opens, and the form waits for that answer rather than
  // start from a version someone may have changed since, whose save would then meet a conflict the console
  // could have known of. Kept once taken: a later refetch (or its failure) leaves what the user typed; a
  // refetch that fails leaves the copy the cache had to start from.
  const [taken, take] = useState<typeof query.data>(undefined)
  if (taken === undefined && query.data !== undefined && !query.isFetching) take(query.data)
  // The form's page (its machine, its reference lists' queries) starts as a transition, in short tasks.
  const record = useDrawnAnswer(taken)
  const kept = useKeptDraft(ui, page, name)
  if (record) {
    const start = kept ?? { name, values: draftOf(record), revision: record.revision }
    return <FormPage ui={ui} mode="edit" title={title} page={page} start={start} />
  }
  if (query.isPending || query.data) return <Spinner label={`Loading the ${ui.one}…`} size="lg" />
  const missing = queryError.isNotFound(query.error)
  const text = missing
    ? `No ${ui.one} named "${name}"${whereWords(ui)}.`
    : `The ${ui.one} could not be loaded: ${queryError.message(query.error)}`
  return <PageMessage title={title} text={text} link={listLink} />
}
