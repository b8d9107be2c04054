import { assign, setup } from 'xstate'
import { LIVE_TRAFFIC_SHOWN, type LiveTrafficLine } from '../src/domain/live-traffic.ts'
import { notProvided } from './not-provided.ts'

/**
 * A website's live traffic (issue 24): the stream is opened on request and shows the requests through
 * edge agent nodes as they come, newest first, the last 200 kept. Paused, nothing is read and what is
 * shown stays; a broken stream says why and opens again after a few seconds, a refused one (no
 * permission, no such website, no session: asking again cannot help) says why and waits for the user's
 * Try again. Closed, it reads nothing.
 */

export type LiveTrafficContext = {
  /** Newest first, at most LIVE_TRAFFIC_SHOWN. */
  lines: LiveTrafficLine[]
  /** Requests received since it opened (more than the lines kept once it has run a while). */
  received: number
  /** Why the stream broke or was refused, while it waits to open again. */
  error: string | null
}

export type LiveTrafficEvent =
  | { type: 'traffic.open' }
  | { type: 'traffic.close' }
  | { type: 'traffic.pause' }
  | { type: 'traffic.resume' }
  | { type: 'traffic.clear' }
  | { type: 'stream.ready' }
  | { type: 'stream.lines'; lines: LiveTrafficLine[] }

/** What the stream actor sends its machine while it reads: ready once, then lines as they come. */
export type StreamSignal = Extract<LiveTrafficEvent, { type: `stream.${string}` }>

/**
 * The stream actor's input: how it sends its signals to the machine. The actor reads until its `signal`
 * aborts (the machine left reading); it resolves when the stream ends and rejects when it breaks.
 */
export type StreamInput = { send: (signal: StreamSignal) => void }

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** What the stream actor rejects with when the platform refused the stream: it is not opened again by itself. */
export class StreamRefused extends Error {}

/** How long a broken stream waits before it opens again. */
export const REOPEN_MS = 3000

export const liveTrafficMachine = setup({
  types: {
    context: {} as LiveTrafficContext,
    events: {} as LiveTrafficEvent,
  },
  actors: {
    /** Reads the stream, sending its signals to the machine; provided by the app. */
    stream: notProvided<void, StreamInput>('stream'),
  },
  guards: {
    /** The stream failed with a refusal (an error event's `error`), which asking again cannot change. */
    refusal: ({ event }) => (event as { error?: unknown }).error instanceof StreamRefused,
  },
  delays: { reopen: REOPEN_MS },
}).createMachine({
  id: 'liveTraffic',
  description:
    'A website’s live traffic: opened on request, the requests through Varnish nodes as they come (the last 200), paused or closed by the user, opened again a few seconds after the stream breaks; a refused stream (no permission, no such website, no session) is opened again only when the user asks.',
  context: { lines: [], received: 0, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'traffic.open': { target: 'open', actions: assign({ lines: [], received: 0, error: null }) } },
    },
    open: {
      tags: 'open',
      initial: 'reading',
      on: {
        'traffic.close': 'closed',
        'traffic.clear': { actions: assign({ lines: [] }) },
      },
      states: {
        // One stream for as long as it reads: connecting until the server says it is ready, then live.
        reading: {
          invoke: {
            id: 'stream',
            src: 'stream',
            input: ({ self }) => ({ send: (signal: StreamSignal) => self.send(signal) }),
            onDone: { target: 'broken', actions: assign({ error: 'The stream ended.' }) },
            onError: [
              {
                guard: 'refusal',
                target: 'refused',
                actions: assign(({ event }) => ({ error: errorMessage(event.error) })),
              },
              { target: 'broken', actions: assign(({ event }) => ({ error: errorMessage(event.error) })) },
            ],
          },
          initial: 'connecting',
          states: {
            connecting: {
              tags: 'connecting',
              on: { 'stream.ready': { target: 'live', actions: assign({ error: null }) } },
            },
            live: {
              tags: 'live',
              on: {
                'stream.lines': {
                  actions: assign(({ context, event }) => ({
                    lines: [...event.lines].reverse().concat(context.lines).slice(0, LIVE_TRAFFIC_SHOWN),
                    received: context.received + event.lines.length,
                  })),
                },
                'traffic.pause': '#liveTraffic.open.paused',
              },
            },
          },
        },
        paused: {
          tags: 'paused',
          on: { 'traffic.resume': 'reading' },
        },
        broken: {
          tags: 'broken',
          after: { reopen: 'reading' },
          on: { 'traffic.resume': 'reading' },
        },
        // Asking again would be refused again: it waits for the user (Try again) or for Stop.
        refused: {
          tags: 'refused',
          on: { 'traffic.resume': 'reading' },
        },
      },
    },
  },
})
