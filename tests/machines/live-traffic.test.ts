import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import {
  selectIsTrafficConnecting,
  selectIsTrafficLive,
  selectIsTrafficOpen,
  selectIsTrafficPaused,
  selectIsTrafficRetrying,
  selectTrafficError,
  selectTrafficLines,
  selectTrafficReceived,
} from '../../machines/live-traffic.selectors.ts'
import {
  liveTrafficMachine,
  REOPEN_MS,
  type StreamInput,
  StreamRefused,
  type StreamSignal,
} from '../../machines/live-traffic.ts'
import { LIVE_TRAFFIC_SHOWN, type LiveTrafficLine } from '../../src/domain/live-traffic.ts'

const line = (id: number): LiveTrafficLine => ({
  id: String(id),
  node: 'pop-zz-edge-1',
  sampled: false,
  at: '2026-11-26T11:00:00.000Z',
  host: 'shop.example.com',
  method: 'GET',
  path: `/p${id}`,
  query: '',
  status: 200,
  cache: 'hit',
  bytes: 10,
  duration_ms: 1,
  client_country: null,
})

type Stream = { send: (signal: StreamSignal) => void; fail: (error: Error) => void }

/** The machine with streams the test drives: `streams` lists the opened ones, `closed` counts those let go. */
function start() {
  const streams: Stream[] = []
  let closed = 0
  const clock = new SimulatedClock()
  const actor = createActor(
    liveTrafficMachine.provide({
      actors: {
        stream: fromPromise<void, StreamInput>(
          ({ input, signal }) =>
            new Promise<void>((_, reject) => {
              streams.push({ send: input.send, fail: reject })
              signal.addEventListener('abort', () => {
                closed += 1
              })
            }),
        ),
      },
    }),
    { clock },
  ).start()
  return { actor, streams, clock, closed: () => closed }
}

describe('live traffic on a website’s page (issue 24)', () => {
  it('reads nothing until opened, then shows the requests newest first, the last 200 only', () => {
    const { actor, streams } = start()
    expect(selectIsTrafficOpen(actor.getSnapshot())).toBe(false)
    expect(streams).toHaveLength(0)
    actor.send({ type: 'traffic.open' })
    expect(selectIsTrafficConnecting(actor.getSnapshot())).toBe(true)
    streams[0]?.send({ type: 'stream.ready' })
    expect(selectIsTrafficLive(actor.getSnapshot())).toBe(true)
    streams[0]?.send({ type: 'stream.lines', lines: [line(1), line(2)] })
    expect(selectTrafficLines(actor.getSnapshot()).map((shown) => shown.id)).toEqual(['2', '1'])
    streams[0]?.send({ type: 'stream.lines', lines: Array.from({ length: 250 }, (_, index) => line(index + 3)) })
    const lines = selectTrafficLines(actor.getSnapshot())
    expect(lines).toHaveLength(LIVE_TRAFFIC_SHOWN)
    expect(lines[0]?.id).toBe('252')
    expect(selectTrafficReceived(actor.getSnapshot())).toBe(252)
    // One stream from connecting to live: it was not opened twice.
    expect(streams).toHaveLength(1)
  })

  it('closes the stream when paused and keeps what it shows; resumes with a new one', () => {
    const { actor, streams, closed } = start()
    actor.send({ type: 'traffic.open' })
    streams[0]?.send({ type: 'stream.ready' })
    streams[0]?.send({ type: 'stream.lines', lines: [line(1)] })
    actor.send({ type: 'traffic.pause' })
    expect(selectIsTrafficPaused(actor.getSnapshot())).toBe(true)
    expect(closed()).toBe(1)
    expect(selectTrafficLines(actor.getSnapshot())).toHaveLength(1)
    actor.send({ type: 'traffic.resume' })
    expect(streams).toHaveLength(2)
    actor.send({ type: 'traffic.close' })
    expect(closed()).toBe(2)
    expect(selectIsTrafficOpen(actor.getSnapshot())).toBe(false)
  })

  it('says why a broken stream broke, and opens it again a few seconds later', async () => {
    const { actor, streams, clock } = start()
    actor.send({ type: 'traffic.open' })
    streams[0]?.fail(new Error('Live traffic is unavailable: 503'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(selectTrafficError(actor.getSnapshot())).toBe('Live traffic is unavailable: 503')
    expect(selectIsTrafficRetrying(actor.getSnapshot())).toBe(true)
    clock.increment(REOPEN_MS - 1)
    expect(streams).toHaveLength(1)
    clock.increment(1)
    expect(streams).toHaveLength(2)
    expect(selectTrafficError(actor.getSnapshot())).toBeNull()
    expect(selectIsTrafficConnecting(actor.getSnapshot())).toBe(true)
  })

  it('does not open a refused stream again by itself, only when the user asks', async () => {
    const { actor, streams, clock } = start()
    actor.send({ type: 'traffic.open' })
    streams[0]?.fail(new StreamRefused('Live traffic is unavailable: missing permission wadp.websites.logs'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(selectTrafficError(actor.getSnapshot())).toBe(
      'Live traffic is unavailable: missing permission wadp.websites.logs',
    )
    expect(selectIsTrafficRetrying(actor.getSnapshot())).toBe(false)
    clock.increment(REOPEN_MS * 10)
    expect(streams).toHaveLength(1)
    actor.send({ type: 'traffic.resume' })
    expect(streams).toHaveLength(2)
    expect(selectTrafficError(actor.getSnapshot())).toBeNull()
    expect(selectIsTrafficConnecting(actor.getSnapshot())).toBe(true)
  })
})
