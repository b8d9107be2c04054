import { emit, setup } from 'xstate'
import { actionNotProvided, notProvided } from './not-provided.ts'

/** Spec section 9: the page-reload guard. */
export const RELOAD_GUARD_MS = 60_000

export interface ChunkReloadContext {
  /** Epoch milliseconds; injected so a test can drive it with a SimulatedClock. */
  now: () => number
}

export interface ChunkReloadInput {
  now?: () => number
}

export type ChunkReloadEvent = { type: 'chunk.loadFailed' }

export type ChunkReloadEmitted = { type: 'chunk.reloadSkipped'; lastReload: number }

/**
 * A chunk that fails to load usually means a new deployment replaced it: reloading fetches the new
 * build. The 60-second guard stops a loop when the reload does not help (spec section 4).
 */
export const chunkReloadMachine = setup({
  types: {
    context: {} as ChunkReloadContext,
    events: {} as ChunkReloadEvent,
    input: {} as ChunkReloadInput,
    emitted: {} as ChunkReloadEmitted,
    tags: {} as 'reloading',
  },
  actors: {
    readLastReload: notProvided<number | null>('readLastReload'),
  },
  actions: {
    recordReload: actionNotProvided<{ at: number }>('recordReload'),
    reloadPage: actionNotProvided('reloadPage'),
  },
  guards: {
    reloadedRecently: ({ context }, { lastReload }: { lastReload: number | null }) =>
      lastReload !== null && context.now() - lastReload < RELOAD_GUARD_MS,
  },
}).createMachine({
  id: 'chunkReload',
  description: 'Reloads the page when a code chunk fails to load, at most once per 60 seconds.',
  context: ({ input }) => ({ now: input.now ?? Date.now }),
  initial: 'watching',
  states: {
    watching: {
      on: { 'chunk.loadFailed': 'checkingLastReload' },
    },
    checkingLastReload: {
      invoke: {
        id: 'readLastReload',
        src: 'readLastReload',
        onDone: [
          {
            guard: { type: 'reloadedRecently', params: ({ event }) => ({ lastReload: event.output }) },
            target: 'watching',
            actions: emit(({ event }) => ({ type: 'chunk.reloadSkipped', lastReload: event.output ?? 0 })),
          },
          { target: 'reloading' },
        ],
        // Without the last reload time the guard cannot hold: staying put is safer than a reload loop.
        onError: 'watching',
      },
    },
    reloading: {
      tags: 'reloading',
      entry: [{ type: 'recordReload', params: ({ context }) => ({ at: context.now() }) }, 'reloadPage'],
    },
  },
})
