import { getRouteApi, type LinkProps, useBlocker, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useDeferredValue, useState } from 'react'
import { selectIsSignedIn, selectUser } from '../../machines/session.selectors.ts'
import { type ResourceUi, resourceRoutes } from '../../src/domain/resource-ui.ts'
import { Spinner } from '../../src/ui/Spinner.tsx'
import { PageHeading } from '../../src/views/PageHeading.tsx'
import { ResourceForm } from '../../src/views/resources/ResourceForm.tsx'
import { draftKey, keepDraft } from './keptDraft.ts'
import { LeaveGuard, SaveQuestion } from './LeaveGuard.tsx'
import { type FormStart, useFormActor } from './useFormActor.ts'
import { useFormFacts } from './useFormFacts.ts'
import { useReferenceOptions } from './useReferenceOptions.ts'
import type { ResourcePage } from './useResourcePage.ts'

// The secret's dialog loads when a create revealed one.
const SecretDialog = lazy(() => import('../../src/views/resources/SecretDialog.tsx'))

const root = getRouteApi('__root__')

type Mode = 'create' | 'edit'
type FormPageProps = { ui: ResourceUi; mode: Mode; title: string; page: ResourcePage; start: FormStart }

/** The form of one resource: its machine, made once, and the guard against leaving unsaved changes. */
export function FormPage({ ui, mode, title, page, start }: FormPageProps) {
  const project = page.project ?? ''
  const navigate = useNavigate()
  const { actors } = root.useRouteContext()
  const routes = resourceRoutes(ui)
  const form = useFormActor(ui, mode, page, start)
  const referenceOptions = useReferenceOptions(ui, page, project)
  const facts = useFormFacts(ui, page, project)
  // Whose form it is, read while signed in: the session forgets the user as it expires.
  const [user] = useState(() => selectUser(actors.session.getSnapshot())?.email ?? '')
  // Only leaving the page loses the form: the same page with another query keeps it (the Session Expired
  // dialog's flag, added when a save meets an expired token, is no reason to ask), and once signed out
  // (that dialog's Continue) nothing can be saved any more, so the way to the sign-in page is not held.
  // The way to that dialog (its flag added to this page's URL) keeps what was typed, for the same user's
  // same form once signed in again (keptDraft.ts).
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => {
      if (next.search.logout !== undefined && form.secret === null && form.isDirty())
        keepDraft(draftKey(ui.type, project, start.name), user, form.start())
      return next.pathname !== current.pathname && selectIsSignedIn(actors.session.getSnapshot()) && form.isDirty()
    },
    enableBeforeUnload: form.isDirty,
    withResolver: true,
  })

  // Back to the record, else to the list, else (a user who may add but not list) to the home page.
  const back = start.name ? routes.detail(start.name) : page.can.list ? routes.list : '/home'
  const leave = () => void navigate({ to: back as LinkProps['to'] })
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
          values={form.values}
          fieldErrors={form.fieldErrors}
          formError={form.formError}
          saving={form.saving}
          conflict={form.conflict}
          onChange={(path, value) => form.actor.send({ type: 'form.change', path, value })}
          onSubmit={() => form.actor.send({ type: 'form.submit' })}
          onCancel={leave}
          onReload={() => form.actor.send({ type: 'conflict.reload' })}
          onOverwrite={() => form.actor.send({ type: 'conflict.overwrite' })}
          onDismissConflict={() => form.actor.send({ type: 'conflict.dismiss' })}
          referenceOptions={referenceOptions}
          facts={facts}
        />
      )}
      {form.confirmation && (
        <SaveQuestion
          question={form.confirmation}
          onConfirm={() => form.actor.send({ type: 'save.confirm' })}
          onCancel={() => form.actor.send({ type: 'save.cancel' })}
        />
      )}
      {blocker.status === 'blocked' && <LeaveGuard ui={ui} onStay={blocker.reset} onLeave={blocker.proceed} />}
      {form.secret !== null && ui.secretOnCreate && (
        <Suspense fallback={null}>
          <SecretDialog
            one={ui.one}
            name={String(form.values.name ?? '')}
            label={ui.secretOnCreate.label}
            usage={ui.secretOnCreate.usage}
            kept={ui.secretOnCreate.kept}
            secret={form.secret}
            onCopy={(text) => navigator.clipboard.writeText(text)}
            onDone={() => form.actor.send({ type: 'secret.dismiss' })}
          />
        </Suspense>
      )}
    </>
  )
}
