import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { assign, createActor, emit, setup } from 'xstate'
import * as globalSearchSelectors from '../../machines/global-search.selectors.ts'
import * as projectSelectorSelectors from '../../machines/project-selector.selectors.ts'
import * as syncStatusSelectors from '../../machines/sync-status.selectors.ts'
import { createApi } from '../../src/api/http.ts'
import { laterActors, STAND_INS } from '../../src/app/later-actor.ts'
import type { ConsoleQueries } from '../../src/app/router-context.ts'
import { startShellActors } from '../../src/app/shell-actors.ts'
import { projectQueries } from '../../src/queries/projects.ts'
import { searchQueries } from '../../src/queries/search.ts'

const TAGS = ['open', 'busy', 'error', 'typing', 'results', 'empty', 'success', 'warning']

describe("the shell's actors before their machines arrive", () => {
  it('stand in with the initial snapshot each real actor starts with (value, context, tags)', () => {
    const api = createApi({ getToken: () => null, onUnauthorized: () => {} })
    const queries = { projects: projectQueries(api), search: searchQueries(api) } as ConsoleQueries
    const real = startShellActors(api, new QueryClient(), queries, () => {}, {})
    for (const [name, actor] of Object.entries(real)) {
      const started = actor.getSnapshot()
      const standIn = STAND_INS[name as keyof typeof STAND_INS]
      expect({ name, value: standIn.value, context: standIn.context }).toEqual({
        name,
        value: started.value,
        context: started.context,
      })
      for (const tag of TAGS)
        expect([name, tag, standIn.hasTag(tag as never)]).toEqual([name, tag, started.hasTag(tag as never)])
      actor.stop()
    }
  })

  it("give every selector the routes read of them what the real actor's first snapshot gives", () => {
    // A stand-in answers context and hasTag only: a selector that reads more (matches, can…) throws here
    // instead of on a page's first render.
    const selectorsOf = {
      projectSelector: projectSelectorSelectors,
      globalSearch: globalSearchSelectors,
      projectSync: syncStatusSelectors,
      adminSync: syncStatusSelectors,
    }
    const api = createApi({ getToken: () => null, onUnauthorized: () => {} })
    const queries = { projects: projectQueries(api), search: searchQueries(api) } as ConsoleQueries
    const real = startShellActors(api, new QueryClient(), queries, () => {}, {})
    let read = 0
    for (const [name, actor] of Object.entries(real)) {
      const started = actor.getSnapshot()
      const standIn = STAND_INS[name as keyof typeof STAND_INS]
      for (const [selectorName, selector] of Object.entries(selectorsOf[name as keyof typeof selectorsOf])) {
        if (typeof selector !== 'function' || !/^select/.test(selectorName)) continue
        const reads = selector as (snapshot: unknown, counts: unknown) => unknown
        const counts = { total: 3, matching: 1 }
        expect([name, selectorName, reads(standIn, counts)]).toEqual([name, selectorName, reads(started, counts)])
        read += 1
      }
      actor.stop()
    }
    expect(read).toBeGreaterThanOrEqual(12)
  })
})

/** A machine that keeps the texts of its `add` events and emits `added` after each. */
const counter = setup({
  types: {
    context: {} as { count: number; texts: string[] },
    events: {} as { type: 'add'; text: string },
    emitted: {} as { type: 'added'; count: number },
  },
}).createMachine({
  context: { count: 0, texts: [] },
  on: {
    add: {
      actions: [
        assign(({ context, event }) => ({ count: context.count + 1, texts: [...context.texts, event.text] })),
        emit(({ context }) => ({ type: 'added' as const, count: context.count })),
      ],
    },
  },
})

function later() {
  let arrive: (actors: { counter: ReturnType<typeof createActor<typeof counter>> }) => void = () => {}
  const start = vi.fn(
    () =>
      new Promise<{ counter: ReturnType<typeof createActor<typeof counter>> }>((resolve) => {
        arrive = resolve
      }),
  )
  const before = { counter: { status: 'active', value: {}, context: { count: 0, texts: [] }, hasTag: () => false } }
  const group = laterActors(before as never, start)
  return { group, start, arrive: () => arrive({ counter: createActor(counter).start() }) }
}

describe('laterActors', () => {
  it('keeps what is sent before the actor is there and delivers it in order once it has started', async () => {
    const { group, start, arrive } = later()
    const actor = group.actors.counter
    const seen: unknown[] = []
    actor.subscribe((snapshot) => seen.push((snapshot as { context: { texts: string[] } }).context.texts.join('')))
    expect(start).not.toHaveBeenCalled()
    actor.send({ type: 'add', text: 'a' })
    actor.send({ type: 'add', text: 'b' })
    expect(start).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.count).toBe(0)
    arrive()
    await vi.waitFor(() => expect(actor.getSnapshot().context.texts).toEqual(['a', 'b']))
    actor.send({ type: 'add', text: 'c' })
    expect(actor.getSnapshot().context.texts).toEqual(['a', 'b', 'c'])
    expect(start).toHaveBeenCalledTimes(1)
    // Told the started actor's snapshot, then each change.
    expect(seen.at(-1)).toBe('abc')
  })

  it('attaches listeners of emitted events and ends subscriptions ended before it arrived', async () => {
    const { group, arrive } = later()
    const heard: number[] = []
    group.actors.counter.on('added', (event) => heard.push(event.count))
    const dropped = vi.fn()
    group.actors.counter.subscribe(dropped).unsubscribe()
    group.actors.counter.send({ type: 'add', text: 'a' })
    arrive()
    await vi.waitFor(() => expect(heard).toEqual([1]))
    group.actors.counter.send({ type: 'add', text: 'b' })
    expect(heard).toEqual([1, 2])
    expect(dropped).not.toHaveBeenCalled()
  })

  it('asks again on the next use when the chunk failed to load', async () => {
    const started = { counter: createActor(counter).start() }
    const start = vi
      .fn<() => Promise<typeof started>>()
      .mockRejectedValueOnce(new Error('chunk'))
      .mockResolvedValue(started)
    const group = laterActors<typeof started>({ counter: { context: { count: 0, texts: [] } } } as never, start)
    group.actors.counter.send({ type: 'add', text: 'a' })
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1))
    await group.load()
    expect(start).toHaveBeenCalledTimes(2)
    // What was sent before the failure is delivered once the chunk is there.
    expect(group.actors.counter.getSnapshot().context.texts).toEqual(['a'])
  })
})
