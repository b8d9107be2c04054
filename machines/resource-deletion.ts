import { assign, setup } from 'xstate'
import { actionNotProvided, notProvided } from './not-provided.ts'

/**
 * Deleting one resource or a selection of them (issue 5): nothing goes before the user confirms a
 * question that names what goes, and a bulk delete reports each item's own result, since one still in
 * use (409) must not hide that the others went.
 */

export type DeletionResult = { name: string; deleted: boolean; message: string | null }

/** A resource to delete and the revision the user saw: a newer one is not deleted unseen (If-Match). */
export type DeletionItem = { name: string; revision: number }

export type ResourceDeletionContext = {
  /** What the confirmation names and the deletion removes. */
  items: DeletionItem[]
  results: DeletionResult[]
}

export type ResourceDeletionEvent =
  | { type: 'deletion.request'; items: DeletionItem[] }
  | { type: 'deletion.confirm' }
  | { type: 'deletion.cancel' }
  | { type: 'deletion.dismiss' }

/** What the composition layer hears after a deletion ran: the names that went (it says so, and may leave). */
export type DeletedNotice = { deleted: string[] }

export const resourceDeletionMachine = setup({
  types: {
    context: {} as ResourceDeletionContext,
    events: {} as ResourceDeletionEvent,
  },
  actors: {
    /** Deletes each name and settles every one: a failure is a result, not an error. */
    deleteResources: notProvided<DeletionResult[], { items: DeletionItem[] }>('deleteResources'),
  },
  actions: {
    announceDeleted: actionNotProvided<DeletedNotice>('announceDeleted'),
  },
  guards: {
    namesSomething: (_, { items }: { items: DeletionItem[] }) => items.length > 0,
    deletedTheOnlyOne: (_, { results }: { results: DeletionResult[] }) =>
      results.length === 1 && results[0]?.deleted === true,
  },
}).createMachine({
  id: 'resourceDeletion',
  description:
    'Delete one or several resources (issue 5): confirm naming them, delete each, then report a result per item.',
  context: { items: [], results: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'deletion.request': {
          guard: { type: 'namesSomething', params: ({ event }) => ({ items: event.items }) },
          target: 'confirming',
          actions: assign(({ event }) => ({
            items: event.items.filter((item, index) => event.items.findIndex((i) => i.name === item.name) === index),
            results: [],
          })),
        },
      },
    },
    confirming: {
      on: {
        'deletion.confirm': 'deleting',
        'deletion.cancel': { target: 'idle', actions: assign({ items: [] }) },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteResources',
        src: 'deleteResources',
        input: ({ context }) => ({ items: context.items }),
        onDone: [
          {
            // One asked, one gone: nothing to read, the list (or the detail's way back to it) follows.
            guard: { type: 'deletedTheOnlyOne', params: ({ event }) => ({ results: event.output }) },
            target: 'idle',
            actions: [
              assign(({ event }) => ({ results: event.output, items: [] })),
              { type: 'announceDeleted', params: ({ event }) => ({ deleted: event.output.map((r) => r.name) }) },
            ],
          },
          {
            target: 'reporting',
            actions: [
              assign(({ event }) => ({ results: event.output })),
              {
                type: 'announceDeleted',
                params: ({ event }) => ({ deleted: event.output.filter((r) => r.deleted).map((r) => r.name) }),
              },
            ],
          },
        ],
        // The actor settles every item itself; reaching here means it could not run at all.
        onError: {
          target: 'reporting',
          actions: assign(({ context, event }) => ({
            results: context.items.map(({ name }) => ({
              name,
              deleted: false,
              message: event.error instanceof Error ? event.error.message : String(event.error),
            })),
          })),
        },
      },
    },
    /** A selection's result per item (or why the one could not go) stays on screen until dismissed. */
    reporting: {
      tags: 'error',
      on: { 'deletion.dismiss': { target: 'idle', actions: assign({ items: [], results: [] }) } },
    },
  },
})
