import type { SnapshotFrom } from 'xstate'
import { sameValues } from '../src/domain/resource-ui.ts'
import type { ResourceFormContext, resourceFormMachine } from './resource-form.ts'

type Snapshot = SnapshotFrom<typeof resourceFormMachine>

export const selectValues = (snapshot: Snapshot) => snapshot.context.values
export const selectFieldErrors = (snapshot: Snapshot) => snapshot.context.fieldErrors
export const selectFormError = (snapshot: Snapshot) => snapshot.context.formError
export const selectIsSaving = (snapshot: Snapshot) => snapshot.hasTag('busy')
export const selectConflict = (snapshot: Snapshot) => (snapshot.hasTag('conflict') ? snapshot.context.conflict : null)
/** Leaving now would lose typed values: not once they are saved. */
export const selectIsDirty = (snapshot: Snapshot) => snapshot.status === 'active' && hasUnsavedChanges(snapshot.context)

/** Whether the form holds changes nobody saved: leaving would lose them. */
export function hasUnsavedChanges(context: Pick<ResourceFormContext, 'values' | 'initial'>): boolean {
  return !sameValues(context.values, context.initial)
}
/** Where the same form would start again with what it holds now (its values, and what they are compared with). */
export const selectStart = ({ context }: Snapshot) => ({
  name: context.name,
  values: context.values,
  initial: context.initial,
  revision: context.revision,
})
/** The secret a create revealed, while the form shows it (once). */
export const selectSecret = (snapshot: Snapshot) => (snapshot.hasTag('secret') ? snapshot.context.secret : null)
/** The question a save asks before it goes (`confirm`), while the form waits for the answer. */
export const selectConfirmation = (snapshot: Snapshot) =>
  snapshot.hasTag('confirm') ? snapshot.context.confirm(snapshot.context.values, snapshot.context.initial) : null
