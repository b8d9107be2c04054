import { describe, expect, it } from 'vitest'
import { type EventFromLogic, initialTransition, type SnapshotFrom, transition } from 'xstate'
import { createTestModel, getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph'
import {
  type QuickSetupUiEvent,
  quickSetupUiModel,
  quickSetupUiPaths,
  uiMetaOf,
} from '../../e2e/models/quick-setup-ui.ts'
import { selectPage } from '../../machines/quick-setup.selectors.ts'
import { emptyDraft, quickSetupMachine } from '../../machines/quick-setup.ts'
import type { QuickSetupEmitted, QuickSetupOutcome, QuickSetupPage } from '../../machines/quick-setup.types.ts'
import { DRAFTS, MACHINES, QUICK_SETUP_INPUT, quickSetupEvents } from '../../src/app/machine-registry.ts'
import { validateQuickSetupDraft } from '../../src/types/quick-setup.ts'

type Snapshot = SnapshotFrom<typeof quickSetupMachine>
type Event = EventFromLogic<typeof quickSetupMachine>
type Path = StatePath<Snapshot, Event>

const PAGES: QuickSetupPage[] = ['welcome', 'form', 'confirm', 'final']

const traversal = {
  input: QUICK_SETUP_INPUT,
  events: quickSetupEvents,
  filterEvents: (state: Snapshot, event: Event) => state.can(event),
}

// Actor events are not in the machine's event union: read their payload without widening the union.
const outputOf = (event: Event): unknown => ('output' in event ? event.output : undefined)
const internal = (event: { type: string; [key: string]: unknown }) => event as unknown as Event
const done = (id: string, output?: unknown) => internal({ type: `xstate.done.actor.${id}`, output })

function field(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>(
    (current, key) =>
      typeof current === 'object' && current !== null && key in current ? Reflect.get(current, key) : undefined,
    value,
  )
}

interface Step {
  event: Event
  before: Snapshot
  after: Snapshot
  emitted: QuickSetupEmitted[]
}

/** Replays a generated path with the pure `transition`, which also returns the emitted events. */
function replay(path: Path): Step[] {
  const [first, ...rest] = path.steps
  let state = first?.state ?? initialTransition(quickSetupMachine, QUICK_SETUP_INPUT)[0]
  return rest.map(({ event }) => {
    const [after, actions] = transition(quickSetupMachine, state, event)
    const emitted = actions.flatMap(({ type, params }: { type: string; params: unknown }) =>
      type === 'xstate.emit' ? [(params as { event: QuickSetupEmitted }).event] : [],
    )
    const step = { event, before: state, after, emitted }
    state = after
    return step
  })
}

const label = (event: Event) => MACHINES['quick-setup'].label(event) ?? event.type.replace('xstate.', '')

function describePath(path: Path): string {
  const events = path.steps.slice(1).map((step) => label(step.event))
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : 'start'}`
}

const pageTags = (state: Snapshot) => PAGES.filter((page) => state.hasTag(`page:${page}`))

/** The invariants of spec sections 2, 4 and 5, checked after every step of a path. */
function assertInvariants(path: Path) {
  const steps = replay(path)

  for (const { event, before, after, emitted } of steps) {
    const type: string = event.type
    // The submission's outcome decides the page: the website named on the final page, or its errors listed.
    if (type === 'xstate.done.actor.submission') {
      const outcome = outputOf(event) as QuickSetupOutcome
      expect(after.matches({ finished: 'created' })).toBe(outcome.created !== null)
      if (outcome.created === null) expect(after.context.errors).toEqual(outcome.errors)
      else expect(after.context.created).toEqual(outcome.created)
    }
    // While the submission runs nothing of it shows: its errors come with its end, after any rollback.
    if (after.hasTag('busy')) expect(after.context.errors).toEqual([])
    if (after.hasTag('rollingBack')) expect(after.hasTag('busy')).toBe(true)
    if (after.hasTag('busy') && !before.hasTag('busy')) expect(['wizard.yes', 'wizard.finish']).toContain(type)

    if (event.type === 'wizard.restart') {
      expect(after.value).toBe('welcome')
      expect(after.context.draft).toEqual(emptyDraft())
      expect(after.context.errors).toEqual([])
    }
    if (event.type === 'wizard.previous') expect(after.context.errors).toEqual([])
    // Next moves on with no errors, or stays on the form page naming what its fields lack (spec section 5).
    if (event.type === 'wizard.next') {
      const refused = before.hasTag('page:form') && after.hasTag('page:form')
      expect(after.context.errors).toEqual(refused ? validateQuickSetupDraft(after.context.draft) : [])
      if (refused) expect(after.context.errors.length).toBeGreaterThan(0)
    }
    // Editing a refused page checks it again: its errors are always those of what it now holds.
    if (event.type === 'wizard.edit' && before.hasTag('error')) {
      expect(after.context.errors).toEqual(validateQuickSetupDraft(after.context.draft))
    }
    // The confirmation page only ever holds a draft the server's rules accept.
    if (after.hasTag('page:confirm')) expect(validateQuickSetupDraft(after.context.draft)).toEqual([])
    if (event.type === 'wizard.cancel' || event.type === 'wizard.close') expect(after.value).toBe('closed')

    if (after.hasTag('open')) expect(pageTags(after)).toHaveLength(1)
    else expect(after.value).toBe('closed')
    if (after.hasTag('busy')) expect(selectPage(after)).toBe('confirm')
    if (after.hasTag('error')) expect(after.context.errors.length).toBeGreaterThan(0)
    if (!after.hasTag('busy') && after.context.errors.length > 0) expect(after.hasTag('error')).toBe(true)

    for (const announcement of emitted) {
      if (announcement.type === 'quickSetup.created') {
        expect(type).toBe('xstate.done.actor.submission')
        expect(announcement.project).toBe(QUICK_SETUP_INPUT.project)
        expect(after.matches({ finished: 'created' })).toBe(true)
      }
      if (announcement.type === 'quickSetup.finished') {
        expect(before.hasTag('page:final')).toBe(true)
        expect(after.value).toBe('closed')
      }
    }
  }

  const end = steps.at(-1)?.after ?? path.state
  expect(end.value).toEqual(path.state.value)
  // From wherever the path ends, Restart returns to page 0, and nothing leaves a submission half done.
  if (end.can({ type: 'wizard.restart' })) {
    const [restarted] = transition(quickSetupMachine, end, { type: 'wizard.restart' })
    expect(restarted.value).toBe('welcome')
    expect(restarted.context.draft).toEqual(emptyDraft())
  }
  if (end.hasTag('busy')) {
    for (const leave of ['wizard.restart', 'wizard.cancel', 'wizard.close', 'wizard.previous'] as const) {
      expect(end.can({ type: leave })).toBe(false)
    }
  }
}

/** Atomic states no path ends in; `validating` only decides where to go and is checked on its own. */
function unreached(paths: Path[]): string[] {
  return getStateNodes(quickSetupMachine.root)
    .filter((node) => node.type === 'atomic' && node.always === undefined)
    .filter((node) => !paths.some((path) => path.state._nodes.includes(node)))
    .map((node) => node.id)
}

describe('quick-setup model: shortest path to every state', () => {
  const paths = getShortestPaths(quickSetupMachine, traversal)

  it('reaches every state of the machine', () => {
    expect(unreached(paths)).toEqual([])
  })

  it('takes Next on the form page both ways: on to the confirmation, or refused with the validation errors', () => {
    const nexts = paths
      .flatMap(replay)
      .filter((step) => step.event.type === 'wizard.next' && step.before.hasTag('page:form'))
    expect(nexts.some((step) => step.after.hasTag('page:confirm'))).toBe(true)
    const refused = nexts.filter((step) => step.after.matches({ form: 'invalid' }))
    expect(refused.flatMap((step) => step.after.context.errors.map((error) => error.field))).toEqual(
      expect.arrayContaining(['website', 'backend']),
    )
  })

  for (const path of paths) {
    it(describePath(path), () => assertInvariants(path))
  }
})

/** The confirmation page holding one of the valid drafts: where a submission starts. */
function confirmationWith(draft: (typeof DRAFTS)[keyof typeof DRAFTS]): Snapshot {
  const events: Event[] = [
    { type: 'wizard.open' },
    { type: 'wizard.next' },
    { type: 'wizard.edit', draft },
    { type: 'wizard.next' },
  ]
  return events.reduce(
    (state, event) => transition(quickSetupMachine, state, event)[0],
    initialTransition(quickSetupMachine, QUICK_SETUP_INPUT)[0],
  )
}

describe('quick-setup model: every way a submission can end', () => {
  // Only the answer and the submission's outcomes: navigation is covered by the shortest paths, the
  // sequence's own steps by the submission's model (quick-setup-submission.test.ts).
  const paths = getSimplePaths(quickSetupMachine, {
    ...traversal,
    fromState: confirmationWith(DRAFTS.newOrigin),
    filterEvents: (state, event) =>
      state.can(event) && (event.type === 'wizard.yes' || event.type.startsWith('xstate.')),
    serializeState: (state) => MACHINES['quick-setup'].serializeState(state),
    toState: (state) => !state.hasTag('busy') && !state.matches({ confirming: 'asking' }),
  })

  it('ends on the final page or on the confirmation page listing the errors, rolling back or not', () => {
    const ends = new Set(paths.map((path) => JSON.stringify(path.state.value)))
    expect([...ends].sort()).toEqual(
      [JSON.stringify({ confirming: 'failed' }), JSON.stringify({ finished: 'created' })].sort(),
    )
    expect(paths.some((path) => replay(path).some((step) => step.after.hasTag('rollingBack')))).toBe(true)
  })

  for (const path of paths) {
    it(describePath(path), () => assertInvariants(path))
  }
})

describe('quick-setup UI model (e2e/models/quick-setup-ui.ts)', () => {
  const paths = quickSetupUiPaths()

  it('is accepted by createTestModel and its shortest paths visit every screen', () => {
    const model = createTestModel(quickSetupUiModel)
    const visited = new Set(
      model.getShortestPaths().flatMap((path) => path.steps.map((step) => uiMetaOf(step.state).description)),
    )
    const screens = getStateNodes(quickSetupUiModel.root)
      .filter((node) => node.type === 'atomic')
      .map((node) => String(field(node.meta, 'description')))
    expect(screens).toHaveLength(9)
    expect([...visited].sort()).toEqual([...screens].sort())
    const pages = new Set([...paths.flatMap((path) => path.steps.map((step) => uiMetaOf(step.state).page))])
    expect([...pages].sort()).toEqual([...PAGES, null].sort())
  })

  it('describes each path by the screen it reaches and the events on the way', () => {
    for (const path of paths) expect(path.description).toMatch(/^Reaches state "[^"]+": xstate\.init/)
  })

  const BUTTONS = [
    'wizard.open',
    'wizard.next',
    'wizard.previous',
    'wizard.no',
    'wizard.finish',
    'wizard.cancel',
    'wizard.close',
    'wizard.restart',
  ] as const

  const NEXT: Event = { type: 'wizard.next' }

  /** The real machine's events for one event of the abstract model: a form filled, a submission answered. */
  function realEvents(event: QuickSetupUiEvent, page: QuickSetupPage | null): Event[] {
    const yes: Event = { type: 'wizard.yes' }
    if (event.type === 'submitSucceeds')
      return [
        yes,
        done('submission', { created: { name: 'shop-example-com', default_director: 'shared-origin' }, errors: [] }),
      ]
    if (event.type === 'submitFails')
      return [yes, done('submission', { created: null, errors: [{ field: 'server', message: 'refused by the test' }] })]
    if (event.type === 'nextRefused')
      return [{ type: 'wizard.edit', draft: { domain_name: '', backend: { directorOption: 'new', host: '' } } }, NEXT]
    if (event.type === 'wizard.next' && page === 'form')
      return [{ type: 'wizard.edit', draft: DRAFTS.existingDirector }, event]
    return [event]
  }

  for (const path of paths) {
    it(`matches the real machine: ${path.description}`, () => {
      let real = initialTransition(quickSetupMachine, QUICK_SETUP_INPUT)[0]
      let finished = false
      for (const step of path.steps.slice(1)) {
        for (const event of realEvents(step.event, selectPage(real))) {
          const [after, actions] = transition(quickSetupMachine, real, event)
          finished ||= actions.some(
            ({ type, params }: { type: string; params: unknown }) =>
              type === 'xstate.emit' && field(params, 'event', 'type') === 'quickSetup.finished',
          )
          real = after
        }
        const screen = uiMetaOf(step.state)
        expect(selectPage(real)).toBe(screen.page)
        expect(real.hasTag('error')).toBe(screen.errors !== undefined)
        expect(finished).toBe(screen.websites === true)
        finished = false
        // The same buttons work on both; Finish on the confirmation page is the model's submit.
        for (const type of BUTTONS) {
          if (type === 'wizard.finish' && screen.page === 'confirm') continue
          expect(real.can({ type }), `${type} on ${screen.description}`).toBe(step.state.can({ type }))
        }
      }
    })
  }
})
