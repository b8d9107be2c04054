import { useQueries, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type LinkProps, useBlocker, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { FetchError } from 'ofetch'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { selectIsProjectBusy } from '../../machines/project.selectors.ts'
import {
  selectConflict,
  selectFieldErrors,
  selectFormError,
  selectIsDirty,
  selectIsSaving,
  selectValues,
} from '../../machines/resource-form.selectors.ts'
import { initialDraft, validatorOf } from '../../src/domain/resource-body.ts'
import {
  type Draft,
  draftOf,
  type FieldSpec,
  formFields,
  type ResourceUi,
  resourceRoutes,
} from '../../src/domain/resource-ui.ts'
import { Button } from '../../src/ui/Button.tsx'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { PageHeading } from '../../src/views/ComingSoonPage.tsx'
import { type ReferenceChoices, ResourceForm } from '../../src/views/resources/ResourceForm.tsx'
import { PageMessage } from './PageMessage.tsx'
import { linkClassName } from './ReferenceLink.tsx'
import { useResourcePage } from './useResourcePage.ts'

const root = getRouteApi('__root__')
// Asked only when leaving with unsaved changes: the dialog loads then.
const Modal = lazy(() =>
  import('../../src/views/resources/fields/deferred.tsx').then((module) => ({ default: module.Modal })),
)

type Mode = 'create' | 'edit'
type Page = ReturnType<typeof useResourcePage>

/** The add page (`mode: 'create'`) or the edit page of a resource type, by its definition. */
export function ResourceFormRoute({ ui, mode, name }: { ui: ResourceUi; mode: Mode; name?: string | undefined }) {
  const page = useResourcePage(ui)
  const { actors } = root.useRouteContext()
  const projectBusy = useSelector(actors.project, selectIsProjectBusy)
  const routes = resourceRoutes(ui)
  const title = mode === 'create' ? `Add ${ui.one}` : `Edit ${ui.one}${name ? ` ${name}` : ''}`
  const listLink = (
    <Link to={routes.list as LinkProps['to']} className={linkClassName}>
      Back to {ui.title}
    </Link>
  )
  const allowed = mode === 'create' ? page.can.create : page.can.update
  if (mode === 'edit' && !name) {
    return <PageMessage title={title} text={`Which ${ui.one}? Pick one from the list.`} link={listLink} />
  }
  if (!page.project) return <PageMessage title={title} text="Select a project first." />
  // The project's permissions are still on their way: not a refusal yet.
  if (!allowed && projectBusy) return <Spinner label="Loading your permissions…" size="lg" />
  if (!allowed) {
    const text =
      mode === 'create'
        ? `You do not have permission to add a ${ui.one} in this project.`
        : `You do not have permission to edit this ${ui.one}.`
    return <PageMessage title={title} text={text} link={listLink} />
  }
  if (mode === 'edit' && name) {
    return (
      <EditPage key={`${page.project}/${name}`} ui={ui} name={name} page={page} title={title} listLink={listLink} />
    )
  }
  return (
    <FormPage
      key={page.project}
      ui={ui}
      mode="create"
      title={title}
      page={page}
      start={{ name: null, values: initialDraft(ui.fields, ui.newDraft?.()), revision: null }}
    />
  )
}

type EditPageProps = { ui: ResourceUi; name: string; page: Page; title: string; listLink: ReactNode }

function EditPage({ ui, name, page, title, listLink }: EditPageProps) {
  const project = page.project ?? ''
  const query = useQuery(page.queries.detail(ui, project, name))
  if (query.data) {
    const start = { name, values: draftOf(query.data), revision: query.data.revision }
    // The form starts from the record as loaded: a later refetch (or its failure) leaves what the user typed.
    return <FormPage ui={ui} mode="edit" title={title} page={page} start={start} />
  }
  if (query.isPending) return <Spinner label={`Loading the ${ui.one}…`} size="lg" />
  const missing = query.error instanceof FetchError && query.error.statusCode === 404
  const text = missing
    ? `No ${ui.one} named "${name}" in this project.`
    : `The ${ui.one} could not be loaded: ${query.error?.message ?? 'unknown error'}`
  return <PageMessage title={title} text={text} link={listLink} />
}

type Start = { name: string | null; values: Draft; revision: number | null }
type FormPageProps = { ui: ResourceUi; mode: Mode; title: string; page: Page; start: Start }

function FormPage({ ui, mode, title, page, start }: FormPageProps) {
  const project = page.project ?? ''
  const navigate = useNavigate()
  const routes = resourceRoutes(ui)
  // The machine and its input are taken once: the actor keeps the form from then on.
  const [machine] = useState(() => page.machines.form(ui, project))
  const [input] = useState(() => ({ mode, ...start, validate: validatorOf(ui, mode) }))
  const actor = useActorRef(machine, { input })
  const values = useSelector(actor, selectValues)
  const fieldErrors = useSelector(actor, selectFieldErrors)
  const formError = useSelector(actor, selectFormError)
  const saving = useSelector(actor, selectIsSaving)
  const conflict = useSelector(actor, selectConflict)
  const referenceOptions = useReferenceOptions(ui, page, project)

  // Read at the moment of leaving: once saved, the form is not dirty and the detail page opens freely.
  const isDirty = () => selectIsDirty(actor.getSnapshot())
  const blocker = useBlocker({ shouldBlockFn: isDirty, enableBeforeUnload: isDirty, withResolver: true })

  const leave = () => void navigate({ to: (start.name ? routes.detail(start.name) : routes.list) as LinkProps['to'] })
  return (
    <>
      <PageHeading title={title} />
      <ResourceForm
        ui={ui}
        mode={mode}
        values={values}
        fieldErrors={fieldErrors}
        formError={formError}
        saving={saving}
        conflict={conflict}
        onChange={(path, value) => actor.send({ type: 'form.change', path, value })}
        onSubmit={() => actor.send({ type: 'form.submit' })}
        onCancel={leave}
        onReload={() => actor.send({ type: 'conflict.reload' })}
        onOverwrite={() => actor.send({ type: 'conflict.overwrite' })}
        onDismissConflict={() => actor.send({ type: 'conflict.dismiss' })}
        referenceOptions={referenceOptions}
      />
      {blocker.status === 'blocked' && (
        <Suspense fallback={null}>
          <Modal
            open
            title="Leave without saving?"
            onClose={blocker.reset}
            size="sm"
            footer={
              <>
                <Button variant="secondary" onClick={blocker.reset}>
                  Stay
                </Button>
                <Button variant="danger" onClick={blocker.proceed}>
                  Leave
                </Button>
              </>
            }
          >
            <p>Your changes to this {ui.one} will be lost.</p>
          </Modal>
        </Suspense>
      )}
    </>
  )
}

/** Every type the form's reference pickers name, records' fields included. */
function referenceTypes(fields: readonly FieldSpec[]): string[] {
  const types = fields.flatMap((field): string[] => {
    if (field.kind === 'reference') return [field.type]
    if (field.kind === 'records') return referenceTypes(field.fields)
    return []
  })
  return [...new Set(types)]
}

/**
 * The pickers' options, one query per referenced type (the names, first by name). A type the platform
 * does not serve yet answers 404: its picker simply has no options.
 */
function useReferenceOptions(ui: ResourceUi, page: Page, project: string): (type: string) => ReferenceChoices {
  const [types] = useState(() => referenceTypes(formFields(ui)))
  const results = useQueries({
    queries: types.map((type) => ({ ...page.queries.names({ type, service: 'core' }, project, ''), retry: false })),
  })
  return (type) => {
    const result = results[types.indexOf(type)]
    if (!result) return { options: [], loading: false }
    const absent = result.error instanceof FetchError && result.error.statusCode === 404
    return {
      options: (result.data ?? []).map((item) => ({
        value: item.name,
        label: item.display_name ? `${item.name} (${item.display_name})` : item.name,
      })),
      loading: result.isPending && result.fetchStatus !== 'idle',
      error: result.isError && !absent ? 'The options could not be loaded.' : null,
    }
  }
}
