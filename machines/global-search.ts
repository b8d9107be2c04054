import { assertEvent, assign, setup } from 'xstate'
import { notProvided } from './not-provided.ts'

export interface GlobalSearchContext {
  /** What the box shows. */
  text: string
  /** The trimmed text last submitted; results in the QueryClient belong to it. */
  query: string
}

export type GlobalSearchEvent =
  | { type: 'search.input'; text: string }
  | { type: 'search.keyUp' }
  | { type: 'search.clear' }
  | { type: 'search.close' }

export interface SearchOutcome {
  count: number
}

/** `open`: the dropdown is visible; the others say what it shows. */
export type GlobalSearchTag = 'typing' | 'open' | 'busy' | 'results' | 'empty' | 'error'

/**
 * The global search box (spec sections 2 and 5): the trimmed text is submitted 1 s after the last key
 * release; an empty query sends nothing. Results live in the QueryClient, written by `search`.
 */
export const globalSearchMachine = setup({
  types: {
    context: {} as GlobalSearchContext,
    events: {} as GlobalSearchEvent,
    tags: {} as GlobalSearchTag,
  },
  actors: {
    search: notProvided<SearchOutcome, { query: string }>('search'),
  },
  actions: {
    rememberText: assign({
      text: ({ event }) => {
        assertEvent(event, 'search.input')
        return event.text
      },
    }),
  },
  delays: { searchDebounce: 1000 },
  guards: {
    isQueryBlank: ({ context }) => context.text.trim() === '',
    hasResults: (_, { count }: { count: number }) => count > 0,
    isSubmittedQuery: ({ context }, { text }: { text: string }) => text.trim() === context.query,
  },
}).createMachine({
  id: 'globalSearch',
  description: 'The global search box: submits the trimmed text 1 s after the last key release, never an empty query.',
  context: { text: '', query: '' },
  initial: 'idle',
  on: {
    // From the root, the active state is exited: the debounce timer restarts and a search in flight stops.
    'search.input': { target: '.debouncing', actions: 'rememberText' },
    'search.keyUp': { target: '.debouncing' },
    'search.clear': { target: '.idle', actions: assign({ text: '', query: '' }) },
    'search.close': { target: '.idle' },
  },
  states: {
    idle: {},
    debouncing: {
      tags: 'typing',
      after: {
        searchDebounce: [
          { guard: 'isQueryBlank', target: 'idle', actions: assign({ query: '' }) },
          { target: 'searching', actions: assign({ query: ({ context }) => context.text.trim() }) },
        ],
      },
    },
    searching: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ query: context.query }),
        onDone: [
          { guard: { type: 'hasResults', params: ({ event }) => ({ count: event.output.count }) }, target: 'results' },
          { target: 'empty' },
        ],
        onError: 'failed',
      },
    },
    // Arrow keys and a trailing space must not hide the answer the user is reading.
    results: {
      tags: ['open', 'results'],
      on: {
        'search.input': {
          guard: { type: 'isSubmittedQuery', params: ({ event }) => ({ text: event.text }) },
          actions: 'rememberText',
        },
        'search.keyUp': { guard: { type: 'isSubmittedQuery', params: ({ context }) => ({ text: context.text }) } },
      },
    },
    empty: {
      tags: ['open', 'empty'],
      on: {
        'search.input': {
          guard: { type: 'isSubmittedQuery', params: ({ event }) => ({ text: event.text }) },
          actions: 'rememberText',
        },
        'search.keyUp': { guard: { type: 'isSubmittedQuery', params: ({ context }) => ({ text: context.text }) } },
      },
    },
    failed: { tags: ['open', 'error'] },
  },
})
