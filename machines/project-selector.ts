import { assign, log, setup } from 'xstate'
import { actionNotProvided, notProvided } from './not-provided.ts'

export interface ProjectSelectorContext {
  filter: string
}

export type ProjectSelectorEvent =
  | { type: 'selector.open' }
  | { type: 'selector.close' }
  | { type: 'selector.filter'; text: string }

export type ProjectSelectorTag = 'open' | 'busy' | 'error'

/**
 * The project selector modal (spec sections 2 and 4). The project list lives in the QueryClient:
 * `fetchProjects` fills it when the modal opens and `clearProjects` drops it when it closes.
 */
export const projectSelectorMachine = setup({
  types: {
    context: {} as ProjectSelectorContext,
    events: {} as ProjectSelectorEvent,
    tags: {} as ProjectSelectorTag,
  },
  actors: {
    fetchProjects: notProvided<void>('fetchProjects'),
  },
  actions: {
    clearProjects: actionNotProvided('clearProjects'),
  },
}).createMachine({
  id: 'projectSelector',
  description: 'The project selector modal: fetches the project list when opened and drops it when closed.',
  context: { filter: '' },
  initial: 'closed',
  states: {
    closed: {
      on: { 'selector.open': { target: 'open', actions: assign({ filter: '' }) } },
    },
    open: {
      tags: 'open',
      exit: 'clearProjects',
      initial: 'loading',
      on: {
        'selector.close': 'closed',
        'selector.filter': { actions: assign({ filter: ({ event }) => event.text }) },
      },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'fetchProjects',
            src: 'fetchProjects',
            onDone: 'loaded',
            // Spec section 8: only logged; the modal shows 'No project available'.
            onError: {
              target: 'failed',
              actions: log(
                ({ event }) =>
                  `project list failed: ${event.error instanceof Error ? event.error.message : String(event.error)}`,
              ),
            },
          },
        },
        loaded: {},
        failed: { tags: 'error' },
      },
    },
  },
})
