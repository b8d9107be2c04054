import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { type ChunkReloadEmitted, chunkReloadMachine } from '../../machines/chunk-reload.ts'

const START = Date.UTC(2030, 0, 1)

function startGuard(lastReload: number | null | Error) {
  const clock = new SimulatedClock()
  clock.set(START)
  const log: string[] = []
  const recorded: number[] = []
  const machine = chunkReloadMachine.provide({
    actors: {
      readLastReload: fromPromise<number | null>(async () => {
        if (lastReload instanceof Error) throw lastReload
        return lastReload
      }),
    },
    actions: {
      recordReload: (_, { at }) => {
        recorded.push(at)
      },
      reloadPage: () => log.push('reloadPage'),
    },
  })
  const actor = createActor(machine, { clock, input: { now: () => clock.now() } })
  const emitted: ChunkReloadEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  return { actor, clock, log, recorded, emitted }
}

describe('chunk reload guard', () => {
  it('reloads the page when a chunk fails and no reload happened before', async () => {
    const guard = startGuard(null)
    guard.actor.send({ type: 'chunk.loadFailed' })
    await waitFor(guard.actor, (s) => s.hasTag('reloading'))
    expect(guard.recorded).toEqual([START])
    expect(guard.log).toEqual(['reloadPage'])
  })

  it('does not reload again within 60 seconds of the last reload', async () => {
    const guard = startGuard(START - 59_999)
    guard.actor.send({ type: 'chunk.loadFailed' })
    await waitFor(guard.actor, () => guard.emitted.length === 1)
    expect(guard.log).toEqual([])
    expect(guard.emitted).toEqual([{ type: 'chunk.reloadSkipped', lastReload: START - 59_999 }])
    expect(guard.actor.getSnapshot().matches('watching')).toBe(true)
  })

  it('reloads again once 60 seconds have passed', async () => {
    const guard = startGuard(START)
    guard.clock.increment(60_000)
    guard.actor.send({ type: 'chunk.loadFailed' })
    await waitFor(guard.actor, (s) => s.hasTag('reloading'))
    expect(guard.recorded).toEqual([START + 60_000])
  })

  it('stays put rather than risk a reload loop when the last reload cannot be read', async () => {
    const guard = startGuard(new Error('storage disabled'))
    guard.actor.send({ type: 'chunk.loadFailed' })
    await waitFor(guard.actor, (s) => s.matches('watching') && !s.children.readLastReload)
    expect(guard.log).toEqual([])
  })

  it('reloads only once for a burst of failing chunks', async () => {
    const guard = startGuard(null)
    guard.actor.send({ type: 'chunk.loadFailed' })
    guard.actor.send({ type: 'chunk.loadFailed' })
    await waitFor(guard.actor, (s) => s.hasTag('reloading'))
    guard.actor.send({ type: 'chunk.loadFailed' })
    expect(guard.log).toEqual(['reloadPage'])
  })
})
