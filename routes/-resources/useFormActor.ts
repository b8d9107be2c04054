import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import {
  selectConfirmation,
  selectConflict,
  selectFieldErrors,
  selectFormError,
  selectIsDirty,
  selectIsSaving,
  selectSecret,
  selectStart,
  selectValues,
} from '../../machines/resource-form.selectors.ts'
import { validatorOf } from '../../src/domain/resource-body.ts'
import { type Draft, type ResourceUi, resourceRoutes } from '../../src/domain/resource-ui.ts'
import type { ResourcePage } from './useResourcePage.ts'

/** Where a form starts; `initial`, when not `values`, is what it compares with (a form given back what was typed). */
export type FormStart = { name: string | null; values: Draft; initial?: Draft; revision: number | null }

/**
 * The form machine of one resource, made once with its input (the actor keeps the form from then on),
 * and what the page reads of it.
 */
export function useFormActor(ui: ResourceUi, mode: 'create' | 'edit', page: ResourcePage, start: FormStart) {
  const [machine] = useState(() => {
    // Where a save leads: the type's choice (its detail page, or its list), else the other one, else the
    // home page (a user who may create but neither read nor list: either would only refuse them).
    const { can } = page
    const routes = resourceRoutes(ui)
    const next = (name: string) =>
      ui.afterSave === 'list' && can.list
        ? routes.list
        : can.get
          ? routes.detail(name)
          : can.list
            ? routes.list
            : '/home'
    return page.machines.form(ui, page.project ?? '', next)
  })
  const [input] = useState(() => ({
    mode,
    ...start,
    validate: validatorOf(ui, mode, start.values),
    ...(ui.confirmSave ? { confirm: ui.confirmSave } : {}),
  }))
  const actor = useActorRef(machine, { input })
  return {
    actor,
    values: useSelector(actor, selectValues),
    fieldErrors: useSelector(actor, selectFieldErrors),
    formError: useSelector(actor, selectFormError),
    saving: useSelector(actor, selectIsSaving),
    conflict: useSelector(actor, selectConflict),
    secret: useSelector(actor, selectSecret),
    confirmation: useSelector(actor, selectConfirmation),
    /**
     * Read at the moment of leaving: once saved, the form is not dirty and the detail page opens freely.
     * A secret still shown counts too: a reload would lose it for good.
     */
    isDirty: () => selectIsDirty(actor.getSnapshot()) || selectSecret(actor.getSnapshot()) !== null,
    /** Where the same form would start again with what it holds now. */
    start: () => selectStart(actor.getSnapshot()),
  }
}
