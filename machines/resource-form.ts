import { assign, setup } from 'xstate'
import type { FieldError } from '../src/domain/common.ts'
import { type Draft, draftOf, type SaveConfirmation, setPath } from '../src/domain/resource-ui.ts'
import { actionNotProvided, notProvided } from './not-provided.ts'

/**
 * The add and edit form of any resource type (issue 5): what the user typed lives here until the
 * server accepts it, field errors (the schema's, then the server's) sit on their fields, and a stale
 * revision stops in `conflict` so nobody overwrites another's change without seeing it.
 */

/**
 * A saved resource as the form needs it back: its name and the revision the next save must match, and
 * the secret its create revealed once (an API token's), which only this form's context ever holds.
 */
export type SavedResource = { name: string; revision: number; secret?: string | null } & Draft

export type SaveInput = {
  mode: 'create' | 'edit'
  /** The resource being edited (null while adding). */
  name: string | null
  values: Draft
  /** The revision the user's edit started from; If-Match sends it. */
  revision: number | null
}

/** How a save failed; `current` is set on a 409 with the server's version (the stale If-Match). */
export type SaveFailure = { message: string; fieldErrors: FieldError[]; current: SavedResource | null }

export type ResourceFormInput = {
  mode: 'create' | 'edit'
  name?: string | null
  values: Draft
  /** What "unsaved changes" compares with, when not `values` (a form given back what was typed before). */
  initial?: Draft
  revision?: number | null
  /** The type's schema as a rule: the form's field errors before anything is sent. */
  validate: (values: Draft) => FieldError[]
  /** What a save of these values does that the user must agree to first (maintenance), or null: asked before. */
  confirm?: (values: Draft, initial: Draft) => SaveConfirmation | null
}

export type ResourceFormContext = {
  mode: 'create' | 'edit'
  name: string | null
  values: Draft
  /** The values the form started from (or last saved): what "unsaved changes" compares with. */
  initial: Draft
  revision: number | null
  fieldErrors: FieldError[]
  formError: string | null
  /** The server's version when a save met a newer revision. */
  conflict: SavedResource | null
  /** The secret the create revealed, shown until the user says they have it; never stored elsewhere. */
  secret: string | null
  validate: (values: Draft) => FieldError[]
  confirm: (values: Draft, initial: Draft) => SaveConfirmation | null
}

export type ResourceFormEvent =
  | { type: 'form.change'; path: string; value: unknown }
  | { type: 'form.submit' }
  /** Discard my edit and continue from the server's version. */
  | { type: 'conflict.reload' }
  /** Save my values over the server's version, knowing what it changed. */
  | { type: 'conflict.overwrite' }
  /** Back to the form with my values, deciding later. */
  | { type: 'conflict.dismiss' }
  /** The user has the secret shown once: forget it and go on. */
  | { type: 'secret.dismiss' }
  /** Yes to the question the save asked (`confirm`): save now. */
  | { type: 'save.confirm' }
  /** No: back to the form, nothing sent. */
  | { type: 'save.cancel' }

/** What the composition layer hears once the server accepted a save (it says so and opens the detail page). */
export type SavedNotice = { mode: 'create' | 'edit'; resource: SavedResource }

function isSaveFailure(error: unknown): error is SaveFailure {
  return typeof error === 'object' && error !== null && 'fieldErrors' in error && 'message' in error
}

function failureOf(error: unknown): SaveFailure {
  if (isSaveFailure(error)) return error
  return { message: error instanceof Error ? error.message : String(error), fieldErrors: [], current: null }
}

export const resourceFormMachine = setup({
  types: {
    context: {} as ResourceFormContext,
    events: {} as ResourceFormEvent,
    input: {} as ResourceFormInput,
  },
  actors: {
    save: notProvided<SavedResource, SaveInput>('save'),
  },
  guards: {
    hasInvalidFields: ({ context }) => context.validate(context.values).length > 0,
    needsConfirmation: ({ context }) => context.confirm(context.values, context.initial) !== null,
    isStaleRevision: (_, { error }: { error: unknown }) => failureOf(error).current !== null,
    revealsSecret: (_, { secret }: { secret: string | null | undefined }) =>
      typeof secret === 'string' && secret !== '',
  },
  actions: {
    announceSaved: actionNotProvided<SavedNotice>('announceSaved'),
    showSchemaErrors: assign(({ context }) => ({ fieldErrors: context.validate(context.values), formError: null })),
    showFailure: assign((_, { error }: { error: unknown }) => {
      const failure = failureOf(error)
      return { fieldErrors: failure.fieldErrors, formError: failure.message }
    }),
  },
}).createMachine({
  id: 'resourceForm',
  description:
    'Add or edit one resource (issue 5): schema errors before sending, server errors on their fields, and a 409 stops in conflict until the user reloads or overwrites knowingly.',
  context: ({ input }) => ({
    mode: input.mode,
    name: input.name ?? null,
    values: input.values,
    initial: input.initial ?? input.values,
    revision: input.revision ?? null,
    fieldErrors: [],
    formError: null,
    conflict: null,
    secret: null,
    validate: input.validate,
    confirm: input.confirm ?? (() => null),
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': {
          actions: assign(({ context, event }) => ({
            values: setPath(context.values, event.path, event.value),
            // The message of a field goes once it is changed; the others stay until the next submit.
            fieldErrors: context.fieldErrors.filter(
              (error) => error.field !== event.path && !error.field.startsWith(`${event.path}.`),
            ),
          })),
        },
        'form.submit': [
          { guard: 'hasInvalidFields', actions: 'showSchemaErrors' },
          { guard: 'needsConfirmation', target: 'confirming' },
          { target: 'saving' },
        ],
      },
    },
    // The save changes something the user must agree to first (a node leaving traffic): nothing sent yet.
    confirming: {
      tags: 'confirm',
      on: { 'save.confirm': 'saving', 'save.cancel': 'editing' },
    },
    saving: {
      tags: 'busy',
      entry: assign({ formError: null, fieldErrors: [] }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          mode: context.mode,
          name: context.name,
          values: context.values,
          revision: context.revision,
        }),
        onDone: [
          {
            // The secret is shown before anything else happens: leaving the page would lose it for good.
            guard: { type: 'revealsSecret', params: ({ event }) => ({ secret: event.output.secret }) },
            target: 'revealing',
            actions: assign(({ context, event }) => ({
              revision: event.output.revision,
              name: event.output.name,
              initial: context.values,
              secret: event.output.secret ?? null,
            })),
          },
          {
            target: 'saved',
            actions: [
              assign(({ context, event }) => ({
                revision: event.output.revision,
                name: event.output.name,
                initial: context.values,
              })),
              {
                type: 'announceSaved',
                params: ({ context, event }) => ({ mode: context.mode, resource: event.output }),
              },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isStaleRevision', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: assign(({ event }) => ({ conflict: failureOf(event.error).current })),
          },
          { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    conflict: {
      tags: 'conflict',
      on: {
        'conflict.reload': {
          target: 'editing',
          actions: assign(({ context }) => {
            const current = draftOf(context.conflict ?? {})
            return {
              values: current,
              initial: current,
              revision: context.conflict?.revision ?? context.revision,
              conflict: null,
            }
          }),
        },
        // The user saw what the server holds: my values now replace that revision.
        'conflict.overwrite': {
          target: 'saving',
          actions: assign(({ context }) => ({
            revision: context.conflict?.revision ?? context.revision,
            conflict: null,
          })),
        },
        'conflict.dismiss': 'editing',
      },
    },
    revealing: {
      tags: 'secret',
      on: {
        'secret.dismiss': {
          target: 'saved',
          actions: [
            assign({ secret: null }),
            {
              type: 'announceSaved',
              params: ({ context }) => ({
                mode: context.mode,
                resource: { name: context.name ?? '', revision: context.revision ?? 0 },
              }),
            },
          ],
        },
      },
    },
    saved: { type: 'final' },
  },
})
