import { assign, fromCallback, setup } from 'xstate'
import { LIVE_TRAFFIC_SHOWN, type LiveTrafficLine } from '../src/domain/live-traffic.ts'

/**
 * A website's live traffic (issue 24): the stream is opened on request and shows the requests through
 * edge agent nodes as they come, newest first, the last 200 kept. Paused, nothing is read and what is
 * shown stays; a broken stream says why and opens again after a few seconds. Closed, it reads nothing.
 */

export type LiveTrafficContext = {
  /** Newest first, at most LIVE_TRAFFIC_SHOWN. */
  lines: LiveTrafficLine[]
  /** Requests received since it opened (more than the lines kept once it has run a while). */
  received: number
  /** Why the stream broke, while it waits to open again. */
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
  | { type: 'stream.failed'; message: string }

/** What the stream actor sends back: ready once, lines as they come, failed when it breaks or ends. */
export type StreamSignal = Extract<LiveTrafficEvent, { type: `stream.${string}` }>

/** How long a broken stream waits before it opens again. */
export const REOPEN_MS = 3000

export const liveTrafficMachine = setup({
  types: {
    context: {} as LiveTrafficContext,
    events: {} as LiveTrafficEvent,
  },
  actors: {
    /** Opens the stream and sends its signals back; its cleanup closes it. Provided by the app. */
    stream: fromCallback<LiveTrafficEvent, Record<string, never>>(({ sendBack }) => {
      sendBack({ type: 'stream.failed', message: 'The live traffic stream is not available here.' })
      return () => undefined
    }),
  },
  delays: { reopen: REOPEN_MS },
}).createMachine({
  id: 'liveTraffic',
  description:
    'A website’s live traffic: opened on request, the requests through Varnish nodes as they come (the last 200), paused or closed by the user, opened again a few seconds after the stream breaks.',
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
          invoke: { src: 'stream', input: {} },
          initial: 'connecting',
          on: {
            'stream.failed': { target: 'broken', actions: assign(({ event }) => ({ error: event.message })) },
          },
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
      },
    },
  },
})
