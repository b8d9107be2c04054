import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { selectorNotice, selectSelectorStatus } from '../../machines/project-selector.selectors.ts'
import { projectSelectorMachine } from '../../machines/project-selector.ts'
import { PROJECT_SELECTOR_MESSAGES } from '../../src/domain/project.ts'

function startSelector(fetchProjects: () => Promise<void> = async () => {}) {
  const log: string[] = []
  const machine = projectSelectorMachine.provide({
    actors: {
      fetchProjects: fromPromise<void>(async () => {
        log.push('fetchProjects')
        await fetchProjects()
      }),
    },
    actions: { clearProjects: () => log.push('clearProjects') },
  })
  const actor = createActor(machine, { logger: (...args: unknown[]) => log.push(`log: ${args.join(' ')}`) }).start()
  return { actor, log }
}

describe('project selector', () => {
  it('tells the view where the list stands: loading when opened, loaded, failed, and not loaded once closed', async () => {
    let fail = false
    const selector = startSelector(async () => {
      if (fail) throw new Error('down')
    })
    const status = () => selectSelectorStatus(selector.actor.getSnapshot())
    expect(status()).toBe('loading')
    selector.actor.send({ type: 'selector.open' })
    expect(status()).toBe('loading')
    await waitFor(selector.actor, (s) => !s.hasTag('busy'))
    expect(status()).toBe('loaded')
    selector.actor.send({ type: 'selector.close' })
    expect(status()).toBe('loading')
    fail = true
    selector.actor.send({ type: 'selector.open' })
    await waitFor(selector.actor, (s) => !s.hasTag('busy'))
    expect(status()).toBe('failed')
  })

  it('fetches the project list when opened', async () => {
    const selector = startSelector()
    selector.actor.send({ type: 'selector.open' })
    expect(selector.actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(selector.actor, (s) => s.matches({ open: 'loaded' }))
    expect(selector.log).toEqual(['fetchProjects'])
  })

  it('drops the list when closed', async () => {
    const selector = startSelector()
    selector.actor.send({ type: 'selector.open' })
    await waitFor(selector.actor, (s) => s.matches({ open: 'loaded' }))
    selector.actor.send({ type: 'selector.close' })
    expect(selector.actor.getSnapshot().matches('closed')).toBe(true)
    expect(selector.log).toEqual(['fetchProjects', 'clearProjects'])
  })

  it('only logs a failed fetch and shows "No project available"', async () => {
    const selector = startSelector(async () => {
      throw new Error('timeout')
    })
    selector.actor.send({ type: 'selector.open' })
    const state = await waitFor(selector.actor, (s) => s.matches({ open: 'failed' }))
    expect(selector.log).toEqual(['fetchProjects', 'log: project list failed: timeout'])
    expect(selectorNotice(state, { total: 0, matching: 0 })).toBe(PROJECT_SELECTOR_MESSAGES.noProject)
  })

  it('keeps the filter while open and starts empty on each opening', async () => {
    const selector = startSelector()
    selector.actor.send({ type: 'selector.open' })
    selector.actor.send({ type: 'selector.filter', text: 'acme' })
    expect(selector.actor.getSnapshot().context.filter).toBe('acme')
    selector.actor.send({ type: 'selector.close' })
    selector.actor.send({ type: 'selector.open' })
    expect(selector.actor.getSnapshot().context.filter).toBe('')
  })

  it('says "No match" when the filter hides every project', async () => {
    const selector = startSelector()
    selector.actor.send({ type: 'selector.open' })
    const state = await waitFor(selector.actor, (s) => s.matches({ open: 'loaded' }))
    expect(selectorNotice(state, { total: 3, matching: 0 })).toBe(PROJECT_SELECTOR_MESSAGES.noMatch)
    expect(selectorNotice(state, { total: 3, matching: 1 })).toBeNull()
  })

  it('stops the fetch in flight when closed early', async () => {
    const selector = startSelector(() => new Promise(() => {}))
    selector.actor.send({ type: 'selector.open' })
    selector.actor.send({ type: 'selector.close' })
    expect(selector.actor.getSnapshot().children).toEqual({})
  })
})
