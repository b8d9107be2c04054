import { assign, setup } from 'xstate'
import {
  type DeletionPreview,
  needsCascade,
  type TenancyKind,
  typedNameMatches,
} from '../src/domain/tenancy-deletion.ts'
import { actionNotProvided, notProvided } from './not-provided.ts'

/**
 * Deleting a customer or a project from the management pages (issue 13): the admin chooses one, reads
 * what goes (the deletion preview), types its name again, and only then can delete it, in one request
 * against the revision the preview was read with (If-Match). A failure keeps what was typed.
 */

/** The chosen customer or project as the preview read it: its revision guards the delete. */
export type PreviewedTarget = { revision: number; preview: DeletionPreview }

export type TenancyDeletionContext = {
  kind: TenancyKind
  name: string | null
  revision: number | null
  preview: DeletionPreview | null
  /** The name as typed again; the delete is offered only when it equals `name`. */
  typed: string
  error: string | null
}

export type TenancyDeletionEvent =
  | { type: 'deletion.choose'; name: string }
  | { type: 'deletion.type'; text: string }
  | { type: 'deletion.confirm' }
  | { type: 'deletion.retry' }
  | { type: 'deletion.reset' }

export type DeleteTenancyInput = { kind: TenancyKind; name: string; revision: number; cascade: boolean }

/** What the composition layer hears: the customer or project gone, with the projects that went with it. */
export type TenancyDeletedNotice = { kind: TenancyKind; name: string; projects: string[] }

export const tenancyDeletionMachine = setup({
  types: {
    context: {} as TenancyDeletionContext,
    events: {} as TenancyDeletionEvent,
    input: {} as { kind: TenancyKind },
  },
  actors: {
    loadPreview: notProvided<PreviewedTarget, { kind: TenancyKind; name: string }>('loadPreview'),
    deleteTenancy: notProvided<void, DeleteTenancyInput>('deleteTenancy'),
  },
  actions: {
    announceDeleted: actionNotProvided<TenancyDeletedNotice>('announceDeleted'),
    forget: assign({ name: null, revision: null, preview: null, typed: '', error: null }),
  },
  guards: {
    namesOne: (_, { name }: { name: string }) => name.trim() !== '',
    typedTheName: ({ context }) => typedNameMatches(context.typed, context.name),
  },
}).createMachine({
  id: 'tenancyDeletion',
  description:
    'Delete a customer or a project (issue 13): choose it, read the deletion preview, type its name again, delete it in one request.',
  context: ({ input }) => ({ kind: input.kind, name: null, revision: null, preview: null, typed: '', error: null }),
  initial: 'choosing',
  on: {
    // Another choice starts over from its own preview, whatever was under way (not while deleting).
    'deletion.choose': {
      guard: { type: 'namesOne', params: ({ event }) => ({ name: event.name }) },
      target: '.previewing',
      actions: assign(({ event }) => ({
        name: event.name.trim(),
        revision: null,
        preview: null,
        typed: '',
        error: null,
      })),
    },
  },
  states: {
    choosing: {},
    previewing: {
      tags: 'busy',
      invoke: {
        id: 'loadPreview',
        src: 'loadPreview',
        input: ({ context }) => ({ kind: context.kind, name: context.name ?? '' }),
        onDone: {
          target: 'confirming',
          actions: assign(({ event }) => ({ revision: event.output.revision, preview: event.output.preview })),
        },
        onError: { target: 'previewFailed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    /** The preview could not be read: nothing can be deleted unseen; the admin may try again. */
    previewFailed: {
      tags: 'error',
      on: { 'deletion.retry': { target: 'previewing', actions: assign({ error: null }) } },
    },
    confirming: {
      on: {
        'deletion.type': { actions: assign({ typed: ({ event }) => event.text }) },
        'deletion.confirm': { guard: 'typedTheName', target: 'deleting', actions: assign({ error: null }) },
        'deletion.reset': { target: 'choosing', actions: 'forget' },
      },
    },
    deleting: {
      tags: 'busy',
      // Nothing else is chosen while the request is out: its answer must not land on another name.
      on: { 'deletion.choose': {} },
      invoke: {
        id: 'deleteTenancy',
        src: 'deleteTenancy',
        input: ({ context }) => ({
          kind: context.kind,
          name: context.name ?? '',
          revision: context.revision ?? 0,
          // A customer goes with its projects (the preview listed them); the server refuses it otherwise.
          cascade: needsCascade(context.kind, context.preview),
        }),
        onDone: {
          target: 'deleted',
          actions: {
            type: 'announceDeleted',
            params: ({ context }) => ({
              kind: context.kind,
              name: context.name ?? '',
              projects: context.kind === 'project' ? [context.name ?? ''] : (context.preview?.projects ?? []),
            }),
          },
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    deleted: {
      on: { 'deletion.reset': { target: 'choosing', actions: 'forget' } },
    },
    /** The server's reason stays on screen with the typed name; the admin may try again or read it anew. */
    failed: {
      tags: 'error',
      on: {
        'deletion.type': { target: 'confirming', actions: assign({ typed: ({ event }) => event.text }) },
        'deletion.confirm': { guard: 'typedTheName', target: 'deleting', actions: assign({ error: null }) },
        'deletion.retry': { target: 'previewing', actions: assign({ error: null }) },
        'deletion.reset': { target: 'choosing', actions: 'forget' },
      },
    },
  },
})

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
