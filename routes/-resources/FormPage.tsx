import { type LinkProps, useBlocker, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useDeferredValue, useState } from 'react'
import {
  selectConfirmation,
  selectConflict,
  selectFieldErrors,
  selectFormError,
  selectIsDirty,
  selectIsSaving,
  selectSecret,
  selectValues,
} from '../../machines/resource-form.selectors.ts'
import { validatorOf } from '../../src/domain/resource-body.ts'
import { type Draft, type ResourceUi, resourceRoutes } from '../../src/domain/resource-ui.ts'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { PageHeading } from '../../src/views/PageHeading.tsx'
import { ResourceForm } from '../../src/views/resources/ResourceForm.tsx'
import { LeaveGuard, SaveQuestion } from './LeaveGuard.tsx'
import { useFormFacts } from './useFormFacts.ts'
import { useReferenceOptions } from './useReferenceOptions.ts'
import type { useResourcePage } from './useResourcePage.ts'

// The secret's dialog loads when a create revealed one.
const SecretDialog = lazy(() => import('../../src/views/resources/SecretDialog.tsx'))

type Mode = 'create' | 'edit'
type Page = ReturnType<typeof useResourcePage>

type Start = { name: string | null; values: Draft; revision: number | null }
type FormPageProps = { ui: ResourceUi; mode: Mode; title: string; page: Page; start: Start }

/** The form of one resource: its machine, made once, and the guard against leaving unsaved changes. */
export function FormPage({ ui, mode, title, page, start }: FormPageProps) {
  const project = page.project ?? ''
  const navigate = useNavigate()
  const routes = resourceRoutes(ui)
  // The machine and its input are taken once: the actor keeps the form from then on.
  const [machine] = useState(() => page.machines.form(ui, project))
  const [input] = useState(() => ({
    mode,
    ...start,
    validate: validatorOf(ui, mode),
    ...(ui.confirmSave ? { confirm: ui.confirmSave } : {}),
  }))
  const actor = useActorRef(machine, { input })
  const values = useSelector(actor, selectValues)
  const fieldErrors = useSelector(actor, selectFieldErrors)
  const formError = useSelector(actor, selectFormError)
  const saving = useSelector(actor, selectIsSaving)
  const conflict = useSelector(actor, selectConflict)
  const secret = useSelector(actor, selectSecret)
  const confirmation = useSelector(actor, selectConfirmation)
  const referenceOptions = useReferenceOptions(ui, page, project)
  const facts = useFormFacts(ui, page, project)

  // Read at the moment of leaving: once saved, the form is not dirty and the detail page opens freely.
  // A secret still shown counts too: a reload would lose it for good.
  const isDirty = () => selectIsDirty(actor.getSnapshot()) || selectSecret(actor.getSnapshot()) !== null
  const blocker = useBlocker({ shouldBlockFn: isDirty, enableBeforeUnload: isDirty, withResolver: true })

  const leave = () => void navigate({ to: (start.name ? routes.detail(start.name) : routes.list) as LinkProps['to'] })
  // The form's first render (every field, ~100-300 ms on a phone) runs as a transition, which React splits
  // into short tasks; the heading and a spinner show first.
  const shown = useDeferredValue(true, false)
  return (
    <>
      <PageHeading title={title} />
      {!shown && <Spinner label={mode === 'edit' ? `Loading the ${ui.one}…` : 'Loading the form…'} size="lg" />}
      {shown && (
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
          facts={facts}
        />
      )}
      {confirmation && (
        <SaveQuestion
          question={confirmation}
          onConfirm={() => actor.send({ type: 'save.confirm' })}
          onCancel={() => actor.send({ type: 'save.cancel' })}
        />
      )}
      {blocker.status === 'blocked' && <LeaveGuard ui={ui} onStay={blocker.reset} onLeave={blocker.proceed} />}
      {secret !== null && ui.secretOnCreate && (
        <Suspense fallback={null}>
          <SecretDialog
            one={ui.one}
            name={String(values.name ?? '')}
            label={ui.secretOnCreate.label}
            usage={ui.secretOnCreate.usage}
            kept={ui.secretOnCreate.kept}
            secret={secret}
            onCopy={(text) => navigator.clipboard.writeText(text)}
            onDone={() => actor.send({ type: 'secret.dismiss' })}
          />
        </Suspense>
      )}
    </>
  )
}
