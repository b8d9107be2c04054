import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { selectSearchMessage, selectSearchStatus } from '../../machines/global-search.selectors.ts'
import { globalSearchMachine, type SearchOutcome } from '../../machines/global-search.ts'

function startSearch(search: (query: string) => Promise<SearchOutcome> = async () => ({ count: 2 })) {
  const queries: string[] = []
  const clock = new SimulatedClock()
  const machine = globalSearchMachine.provide({
    actors: {
      search: fromPromise<SearchOutcome, { query: string }>(async ({ input }) => {
        queries.push(input.query)
        return search(input.query)
      }),
    },
  })
  const actor = createActor(machine, { clock }).start()
  const type = (text: string) => {
    actor.send({ type: 'search.input', text })
    actor.send({ type: 'search.keyUp' })
  }
  return { actor, clock, queries, type }
}

describe('global search', () => {
  it('tells the search box what to show, from the tags: typing, searching, results, none, a failure', async () => {
    let fail = false
    let answer: (outcome: SearchOutcome) => void = () => undefined
    const search = startSearch(
      (query) =>
        new Promise((resolve, reject) => {
          if (fail) reject(new Error('timeout'))
          else answer = resolve
          void query
        }),
    )
    const status = () => selectSearchStatus(search.actor.getSnapshot())
    expect(status()).toBe('idle')
    search.type('web')
    expect(status()).toBe('debouncing')
    search.clock.increment(1000)
    expect(status()).toBe('searching')
    answer({ count: 2 })
    await waitFor(search.actor, (s) => s.hasTag('results'))
    expect(status()).toBe('results')
    search.type('webs')
    search.clock.increment(1000)
    answer({ count: 0 })
    await waitFor(search.actor, (s) => s.hasTag('empty'))
    expect(status()).toBe('empty')
    fail = true
    search.type('websi')
    search.clock.increment(1000)
    await waitFor(search.actor, (s) => s.hasTag('error'))
    expect(status()).toBe('failed')
    search.actor.send({ type: 'search.clear' })
    expect(status()).toBe('idle')
  })

  it('shows nothing, not a spinner, while the text is blank: it will never be searched', () => {
    const search = startSearch()
    search.type('   ')
    expect(selectSearchStatus(search.actor.getSnapshot())).toBe('idle')
    search.clock.increment(1000)
    expect(search.queries).toEqual([])
  })

  it('submits the trimmed text one second after the last key release', async () => {
    const search = startSearch()
    search.type('  web')
    search.clock.increment(999)
    expect(search.queries).toEqual([])
    search.clock.increment(1)
    expect(search.queries).toEqual(['web'])
    const state = await waitFor(search.actor, (s) => s.hasTag('results'))
    expect(state.context.query).toBe('web')
  })

  it('restarts the debounce on every key release', () => {
    const search = startSearch()
    search.type('w')
    search.clock.increment(800)
    search.type('we')
    search.clock.increment(800)
    search.actor.send({ type: 'search.keyUp' })
    search.clock.increment(999)
    expect(search.queries).toEqual([])
    search.clock.increment(1)
    expect(search.queries).toEqual(['we'])
  })

  it('never searches for blank text', () => {
    const search = startSearch()
    search.type('   ')
    search.clock.increment(5000)
    expect(search.queries).toEqual([])
    expect(search.actor.getSnapshot().matches('idle')).toBe(true)
  })

  it('says \'No results found for: "{query}"\' when nothing matches', async () => {
    const search = startSearch(async () => ({ count: 0 }))
    search.type('zzz ')
    search.clock.increment(1000)
    const state = await waitFor(search.actor, (s) => s.hasTag('empty'))
    expect(selectSearchMessage(state)).toBe('No results found for: "zzz"')
  })

  it("says 'An error has occurred!' when the search fails", async () => {
    const search = startSearch(async () => {
      throw new Error('timeout')
    })
    search.type('web')
    search.clock.increment(1000)
    const state = await waitFor(search.actor, (s) => s.hasTag('error'))
    expect(selectSearchMessage(state)).toBe('An error has occurred!')
  })

  it('keeps the results open on key releases that do not change the query', async () => {
    const search = startSearch()
    search.type('web')
    search.clock.increment(1000)
    await waitFor(search.actor, (s) => s.hasTag('results'))
    search.type('web ')
    search.clock.increment(5000)
    expect(search.actor.getSnapshot().hasTag('results')).toBe(true)
    expect(search.queries).toEqual(['web'])
  })

  it('drops a search in flight when the user keeps typing', async () => {
    const answers: ((outcome: SearchOutcome) => void)[] = []
    const search = startSearch(() => new Promise((resolve) => answers.push(resolve)))
    search.type('we')
    search.clock.increment(1000)
    search.type('web')
    answers[0]?.({ count: 1 })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(search.actor.getSnapshot().matches('debouncing')).toBe(true)
    search.clock.increment(1000)
    expect(search.queries).toEqual(['we', 'web'])
  })

  it('empties the box on clear and hides the dropdown on close', async () => {
    const search = startSearch()
    search.type('web')
    search.clock.increment(1000)
    await waitFor(search.actor, (s) => s.hasTag('results'))
    search.actor.send({ type: 'search.close' })
    expect(search.actor.getSnapshot().hasTag('open')).toBe(false)
    expect(search.actor.getSnapshot().context.text).toBe('web')
    search.actor.send({ type: 'search.clear' })
    expect(search.actor.getSnapshot().context).toEqual({ text: '', query: '' })
  })

  it('cancels a pending search when the box is cleared', () => {
    const search = startSearch()
    search.type('web')
    search.actor.send({ type: 'search.clear' })
    search.clock.increment(5000)
    expect(search.queries).toEqual([])
  })
})
