import { describe, expect, it } from 'vitest'
import { type AnyActorRef, type EventFromLogic, initialTransition, type SnapshotFrom, transition } from 'xstate'
import { getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph'
import type { QuickSetupSubmissionInput } from '../../machines/quick-setup.types.ts'
import { quickSetupSubmissionMachine } from '../../machines/quick-setup-submission.ts'
import {
  DRAFTS,
  MACHINES,
  QUICK_SETUP_SUBMISSION_INPUT,
  quickSetupSubmissionEvents,
} from '../../src/app/machine-registry.ts'

/** The quick website creation sequence (spec section 4) as the submission machine runs it, path by path. */

const machine = quickSetupSubmissionMachine
type Snapshot = SnapshotFrom<typeof machine>
type Event = EventFromLogic<typeof machine>
type Path = StatePath<Snapshot, Event>
type Input = QuickSetupSubmissionInput

// Actor events are not in the machine's event union: read their payload without widening the union.
const outputOf = (event: Event): unknown => ('output' in event ? event.output : undefined)

/** What the machine handed to an invoked actor: the input of the child running in `snapshot`. */
function invokedWith(snapshot: Snapshot, id: string): unknown {
  const child: AnyActorRef | undefined = (snapshot.children as Record<string, AnyActorRef | undefined>)[id]
  const state: unknown = child?.getSnapshot()
  return typeof state === 'object' && state !== null && 'input' in state ? state.input : undefined
}

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
}

/** Replays a generated path with the pure `transition`. */
function replay(path: Path, input: Input): Step[] {
  const [first, ...rest] = path.steps
  let state = first?.state ?? initialTransition(machine, input)[0]
  return rest.map(({ event }) => {
    const [after] = transition(machine, state, event)
    const step = { event, before: state, after }
    state = after
    return step
  })
}

const label = (event: Event) => event.type.replace('xstate.', '')

function describePath(path: Path): string {
  const events = path.steps.slice(1).map((step) => label(step.event))
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : 'start'}`
}

/** The invariants of spec section 4 (no director left behind unnamed), checked on every path. */
function assertInvariants(path: Path, input: Input) {
  // Directors this submission created, and what became of them.
  const created = new Set<string>()
  const usedByWebsite = new Set<string>()
  const deleted = new Set<string>()
  // A rollback the server refused, or an outcome nobody could tell: the errors must name the director.
  const reportedLeftBehind = new Set<string>()
  // Directors asked for whose answer was lost: they may exist until the platform says they do not.
  const mayExist = new Set<string>()
  let attemptDirector: string | null = null
  const steps = replay(path, input)
  const chosen = input.draft.default_director

  for (const { event, before, after } of steps) {
    const type: string = event.type
    if (type === 'xstate.done.actor.createDirector') {
      const name = String(field(outputOf(event), 'name'))
      created.add(name)
      attemptDirector = name
    }
    if (type === 'xstate.error.actor.createDirector') {
      const refused = field(event, 'error', 'refused') === true
      const requested = String(field(invokedWith(before, 'createDirector'), 'director', 'name'))
      expect(requested).toBe(after.context.requestedDirector)
      if (!refused) mayExist.add(requested)
      // Nothing goes on, and nothing is reported, before the platform is asked what it holds.
      expect(after.matches(refused ? 'failed' : 'checkingCreatedDirector')).toBe(true)
    }
    const directorCheck = /^xstate\.(done|error)\.actor\.((?:re)?checkCreatedDirector)$/.exec(type)
    if (directorCheck?.[1] === 'done') {
      const requested = String(field(invokedWith(before, directorCheck[2] ?? ''), 'name'))
      const found = field(outputOf(event), 'name')
      if (found !== undefined) {
        // Found: the sequence goes on with it as if the creation had answered.
        mayExist.delete(requested)
        created.add(String(found))
        attemptDirector = String(found)
        expect(after.matches({ ensuringWebsiteName: 'checkingName' })).toBe(true)
      } else if (directorCheck[2] === 'checkCreatedDirector') {
        // Not there yet: its creation may still be running on the platform. Asked again after a wait.
        expect(after.matches({ checkingCreatedDirector: 'waiting' })).toBe(true)
      } else {
        mayExist.delete(requested)
        expect(after.matches('failed')).toBe(true)
      }
    }
    if (directorCheck?.[1] === 'error') {
      // Unknown: no website is made on a guess and nothing is deleted; the director is named.
      const requested = String(field(invokedWith(before, directorCheck[2] ?? ''), 'name'))
      expect(after.matches('failed')).toBe(true)
      const named = after.context.errors.some((e) => e.field === 'director' && e.message.startsWith(`${requested}:`))
      expect(named, `the director ${requested} that may exist is not named in the errors`).toBe(true)
      mayExist.delete(requested)
      reportedLeftBehind.add(requested)
    }
    if (type === 'xstate.done.actor.createWebsite') {
      const director = String(field(invokedWith(before, 'createWebsite'), 'website', 'default_director'))
      usedByWebsite.add(director)
      // The website must use the director created for it, else the chosen existing one.
      expect(director).toBe(attemptDirector ?? chosen)
    }
    // A creation whose answer was lost: what the platform holds under that name decides.
    const websiteCheck = /^xstate\.(done|error)\.actor\.((?:re)?checkCreatedWebsite)$/.exec(type)
    if (websiteCheck?.[1] === 'done') {
      const website = outputOf(event)
      const found = field(website, 'default_director')
      const ours = found !== undefined && found === (attemptDirector ?? chosen)
      if (ours) usedByWebsite.add(String(found))
      expect(after.matches('created')).toBe(ours)
      // A director a website uses is never deleted.
      if (ours) expect(after.matches('rollingBack')).toBe(false)
      // Not there on the first read: it may still be on its way. Asked again after a wait.
      if (website === null && websiteCheck[2] === 'checkCreatedWebsite') {
        expect(after.matches({ checkingCreatedWebsite: 'waiting' })).toBe(true)
      }
    }
    if (websiteCheck?.[1] === 'error') {
      // Unknown: the director is kept (the website may use it) and named, and so is the website.
      if (attemptDirector !== null) {
        const named = after.context.errors.some(
          (e) => e.field === 'director' && e.message.startsWith(`${attemptDirector}:`),
        )
        expect(named, `the director ${attemptDirector} kept is not named in the errors`).toBe(true)
        reportedLeftBehind.add(attemptDirector)
      }
      expect(after.context.errors.some((e) => e.field === 'website')).toBe(true)
    }
    // The rollback comes only after a refusal, or once the platform has said the website is not there
    // (twice) or is another's.
    if (after.matches('rollingBack') && !before.matches('rollingBack')) {
      const refusal = type === 'xstate.error.actor.createWebsite' && field(event, 'error', 'refused') === true
      expect(refusal || type !== 'xstate.error.actor.createWebsite').toBe(true)
      if (type === 'xstate.done.actor.checkCreatedWebsite') expect(outputOf(event)).not.toBeNull()
    }
    if (type === 'xstate.done.actor.deleteDirector') {
      deleted.add(String(field(invokedWith(before, 'deleteDirector'), 'name')))
    }
    if (type === 'xstate.error.actor.deleteDirector') {
      const name = String(field(invokedWith(before, 'deleteDirector'), 'name'))
      const named = after.context.errors.some((e) => e.field === 'director' && e.message.startsWith(`${name}:`))
      expect(named, `the director ${name} left behind is not named in the errors`).toBe(true)
      reportedLeftBehind.add(name)
    }
    if (after.hasTag('rollingBack')) expect(after.context.errors.length).toBeGreaterThan(0)
  }

  const end = steps.at(-1)?.after ?? path.state
  expect(end.value).toEqual(path.state.value)
  if (end.status !== 'done') return
  // Once it has ended, every director it created is used or gone (or named for the user to delete).
  expect([...mayExist]).toEqual([])
  for (const director of created) {
    const accounted = usedByWebsite.has(director) || deleted.has(director) || reportedLeftBehind.has(director)
    expect(accounted, `director ${director} created and left behind with no website using it`).toBe(true)
  }
  // Its output is what the wizard shows: the website created with no error, or the errors.
  expect(end.output?.created === null).toBe(end.matches('failed'))
  if (end.matches('created')) expect(end.output?.errors).toEqual([])
  else expect(end.output?.errors.length).toBeGreaterThan(0)
}

/** Atomic states no path ends in. */
function unreached(paths: Path[]): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .filter((node) => !paths.some((path) => path.state._nodes.includes(node)))
    .map((node) => node.id)
}

const traversal = {
  events: quickSetupSubmissionEvents,
  filterEvents: (state: Snapshot, event: Event) => state.can(event),
}

describe('quick-setup submission model: shortest path to every state', () => {
  const paths = getShortestPaths(machine, { ...traversal, input: QUICK_SETUP_SUBMISSION_INPUT })

  it('reaches every state of the machine', () => {
    expect(unreached(paths)).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), () => assertInvariants(path, QUICK_SETUP_SUBMISSION_INPUT))
  }
})

for (const name of ['newOrigin', 'existingDirector'] as const) {
  const input: Input = { ...QUICK_SETUP_SUBMISSION_INPUT, draft: DRAFTS[name] }

  describe(`quick-setup submission model: every way a submission with ${name} can go`, () => {
    const paths = getSimplePaths(machine, {
      ...traversal,
      input,
      serializeState: (state) => MACHINES['quick-setup-submission'].serializeState(state),
      toState: (state) => state.status === 'done',
    })

    it('finds every outcome of the sequence', () => {
      const ends = new Set(paths.map((path) => JSON.stringify(path.state.value)))
      expect([...ends].sort()).toEqual([JSON.stringify('created'), JSON.stringify('failed')])
      expect(paths.length).toBeGreaterThan(5)
      expect(paths.length).toBeLessThan(150)
    })

    if (name === 'newOrigin') {
      it('rolls back on every failure after the director exists', () => {
        const rollbacks = paths.filter((path) => replay(path, input).some((step) => step.after.matches('rollingBack')))
        // Eleven failures once the director exists (name check failing; suffixed name taken or failing;
        // after either name, website creation refused, or its answer lost and the website then another's on
        // the first or the second read, or missing on both), each with the delete accepted or refused, and
        // each with the director created, or found on the first or the second read after its creation's
        // answer was lost.
        expect(rollbacks.length).toBe(66)
        const found = rollbacks.filter((path) =>
          path.steps.some((step) => /^xstate\.done\.actor\.(re)?checkCreatedDirector$/.test(step.event.type)),
        )
        expect(found.length).toBe(44)
      })
    } else {
      it('never creates or deletes a director', () => {
        const types = paths.flatMap((path) => path.steps.map((step): string => step.event.type))
        expect(types.filter((type) => type.includes('Director'))).toEqual([])
      })
    }

    for (const path of paths) {
      it(describePath(path), () => assertInvariants(path, input))
    }
  })
}
