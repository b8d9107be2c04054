import { describe, expect, it } from 'vitest'
import { type EventFromLogic, initialTransition, type SnapshotFrom, transition } from 'xstate'
import { getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph'
import {
  type FetchSyncStateInput,
  MAX_SYNC_ATTEMPTS,
  type SyncStatusEmitted,
  type SyncStatusInput,
  syncStatusMachine,
} from '../../machines/sync-status.ts'
import { SYNC_MESSAGES, type SyncState } from '../../src/domain/sync.ts'
import { syncNode } from '../tools/sync-fixtures.ts'

type Snapshot = SnapshotFrom<typeof syncStatusMachine>
type Event = EventFromLogic<typeof syncStatusMachine>

// Three attempts keep the state space small; the last test runs the real machine's 300.
const MAX = 3

const node = (endpoint: string, updated: boolean) => syncNode(endpoint, { updated })
const answers: Record<string, SyncState> = {
  working: {
    error: null,
    updated: false,
    finished: false,
    details: [node('pop-fr-par-1', true), node('pop-us-nyc-1', false)],
  },
  flapping: {
    error: null,
    updated: false,
    finished: false,
    details: [node('pop-fr-par-1', false), node('pop-us-nyc-1', false)],
  },
  applied: {
    error: null,
    updated: true,
    finished: true,
    details: [node('pop-fr-par-1', true), node('pop-us-nyc-1', true)],
  },
  stuck: {
    error: null,
    updated: false,
    finished: true,
    details: [node('pop-fr-par-1', true), node('pop-us-nyc-1', false)],
  },
  refused: { error: 'fleet state unavailable', updated: false, finished: false, details: [] },
}

// The traversal drives the machine with the events its invoked actor and its timer would send; the
// machine's event union does not list those, hence the one cast.
const internal = (event: { type: string; [key: string]: unknown }) => event as unknown as Event
const answered = (name: keyof typeof answers) =>
  internal({ type: 'xstate.done.actor.fetchSyncState', output: answers[name], name })
const fetchFailed = internal({ type: 'xstate.error.actor.fetchSyncState', error: new Error('Request timed out') })

// xstate names a delayed event after the delay and the state that schedules it: read it from the machine.
const pollDueType = syncStatusMachine.getStateNodeById('syncStatus.loading.waiting').after[0]?.eventType
if (pollDueType === undefined) throw new Error('loading.waiting no longer waits for pollInterval')
const pollDue = internal({ type: pollDueType })

const userEvents: Event[] = [
  { type: 'sync.start', explicit: true },
  { type: 'sync.start', explicit: false },
  { type: 'sync.recheck' },
  { type: 'sync.projectChanged', project: 'alpha' },
  { type: 'sync.projectChanged', project: 'beta' },
  { type: 'sync.projectChanged', project: null },
]

const allEvents: Event[] = [
  ...userEvents,
  answered('working'),
  answered('flapping'),
  answered('applied'),
  answered('stuck'),
  answered('refused'),
  fetchFailed,
  pollDue,
]

const RESTARTS = new Set(userEvents.map((event) => event.type))

interface Step {
  event: Event
  before: Snapshot
  after: Snapshot
  fetches: FetchSyncStateInput[]
  emitted: SyncStatusEmitted[]
}

/** Replays a path with the pure `transition`, which also returns the invokes it starts and what it emits. */
function replay(input: SyncStatusInput, events: Event[]): { initial: Step; steps: Step[] } {
  const [start, startActions] = initialTransition(syncStatusMachine, input)
  const step = (event: Event, before: Snapshot, after: Snapshot, actions: { type: string; params?: unknown }[]) => ({
    event,
    before,
    after,
    fetches: actions.flatMap(({ type, params }) => {
      const spawn = params as { src?: unknown; input?: FetchSyncStateInput } | undefined
      return type === 'xstate.spawnChild' && spawn?.src === 'fetchSyncState' && spawn.input ? [spawn.input] : []
    }),
    emitted: actions.flatMap(({ type, params }) =>
      type === 'xstate.emit' ? [(params as { event: SyncStatusEmitted }).event] : [],
    ),
  })
  const initial = step(internal({ type: 'xstate.init' }), start, start, startActions)
  let state = start
  const steps = events.map((event) => {
    const [after, actions] = transition(syncStatusMachine, state, event)
    const result = step(event, state, after, actions)
    state = after
    return result
  })
  return { initial, steps }
}

const label = (event: Event) => {
  if (event.type === 'sync.start') return `start(${event.explicit ? 'explicit' : 'silent'})`
  if (event.type === 'sync.projectChanged') return `project(${event.project ?? '-'})`
  const type: string = event.type
  if (type === 'xstate.done.actor.fetchSyncState') return `answer:${(event as unknown as { name: string }).name}`
  if (type === 'xstate.error.actor.fetchSyncState') return 'fetch failed'
  if (type === pollDueType) return 'after:pollInterval'
  return type.replace('sync.', '')
}

function describePath(path: StatePath<Snapshot, Event>): string {
  const events = path.steps.slice(1).map((s) => label(s.event))
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : 'start'}`
}

const END_RESULTS = ['success', 'warning', 'error'] as const

/** The invariants of spec section 4, checked on every step of a path. */
function assertInvariants(input: SyncStatusInput, path: StatePath<Snapshot, Event>) {
  const { initial, steps } = replay(
    input,
    path.steps.slice(1).map((s) => s.event),
  )
  let fetchesThisRun = initial.fetches.length
  for (const { event, before, after, fetches, emitted } of steps) {
    const restarted = RESTARTS.has(event.type) && after.context !== before.context
    if (restarted) fetchesThisRun = 0
    fetchesThisRun += fetches.length

    // Never more than the maximum number of polls in one run, and never two polls at once.
    expect(fetchesThisRun).toBeLessThanOrEqual(input.maxAttempts ?? MAX_SYNC_ATTEMPTS)
    expect(after.context.attempts).toBeLessThanOrEqual(fetchesThisRun)
    expect(fetches.length).toBeLessThanOrEqual(1)
    for (const fetch of fetches) expect(fetch).toEqual({ kind: input.kind, project: after.context.project })

    if (event.type === 'sync.projectChanged' && input.kind === 'project' && event.project !== before.context.project) {
      // A project change always restarts the check: nothing of the old run survives, and it is silent.
      expect(after.context).toMatchObject({ project: event.project, attempts: 0, seenUpdated: [], latest: null })
      expect(after.context.explicit).toBe(false)
      if (event.project === null) {
        expect(after.matches('idle')).toBe(true)
        expect(fetches).toEqual([])
      } else {
        expect(after.matches({ loading: 'fetching' })).toBe(true)
        expect(fetches).toEqual([{ kind: 'project', project: event.project }])
      }
    }
    if (event.type === 'sync.projectChanged' && input.kind === 'admin') expect(after).toBe(before)

    // A run announces its end exactly once, as the state it ended in, with the run's explicit flag.
    const ended = END_RESULTS.find((result) => after.hasTag(result) && !before.hasTag(result))
    const endedNow = ended !== undefined && (before.hasTag('busy') || before.matches('idle'))
    if (endedNow) {
      expect(emitted).toEqual([
        {
          type: 'sync.finished',
          kind: input.kind,
          result: ended,
          message: after.context.message,
          explicit: after.context.explicit,
        },
      ])
      expect(after.context.result).toBe(ended)
      if (ended === 'success') expect(after.context.message).toBe(SYNC_MESSAGES.success[input.kind])
      if (ended === 'warning') expect(after.context.message).toBe(SYNC_MESSAGES.warning)
    } else {
      expect(emitted).toEqual([])
    }
    // The seen set only grows within a run.
    if (!restarted) expect(after.context.seenUpdated).toEqual(expect.arrayContaining(before.context.seenUpdated))
  }
}

/** Atomic states no path ends in, other than the transient start. */
function unreached(paths: StatePath<Snapshot, Event>[]): string[] {
  return getStateNodes(syncStatusMachine.root)
    .filter((n) => n.type === 'atomic' && n.always === undefined)
    .filter((n) => !paths.some((path) => path.state._nodes.includes(n)))
    .map((n) => n.id)
}

// Keyed on what decides the next step; the answers' details only matter through the seen set.
const serializeState = (state: Snapshot) => {
  const { attempts, project, explicit, seenUpdated } = state.context
  return JSON.stringify([state.value, attempts, project, explicit, seenUpdated.length])
}

const SIMPLE_PATH_REPEATS = new Set(['start(silent)', 'answer:flapping', 'project(alpha)'])

const INPUTS: { name: string; input: SyncStatusInput }[] = [
  {
    name: 'project view, started automatically',
    input: { kind: 'project', project: 'alpha', autoStart: true, maxAttempts: MAX },
  },
  {
    name: 'project view, started manually',
    input: { kind: 'project', project: 'alpha', autoStart: false, maxAttempts: MAX },
  },
  { name: 'admin view', input: { kind: 'admin', autoStart: false, maxAttempts: MAX } },
]

for (const { name, input } of INPUTS) {
  const traversal = {
    input,
    events: allEvents,
    filterEvents: (state: Snapshot, event: Event) => state.can(event),
    serializeState,
    // A machine that broke the bound would make the state space infinite: stop there, and let the
    // invariants fail on the path that got past it instead of hanging.
    stopWhen: (state: Snapshot) => state.context.attempts > MAX,
    limit: 5000,
  }

  describe(`sync status model (${name}): shortest path to every state`, () => {
    const paths = getShortestPaths(syncStatusMachine, traversal)

    it('reaches every end state, and every other state of the machine', () => {
      const reached = new Set(paths.flatMap((path) => END_RESULTS.filter((result) => path.state.hasTag(result))))
      expect([...reached].sort()).toEqual(['error', 'success', 'warning'])
      expect(unreached(paths)).toEqual([])
    })

    it('reaches the warning by running out of attempts', () => {
      expect(paths.some((path) => path.state.matches('warning') && path.state.context.attempts === MAX)).toBe(true)
    })

    for (const path of paths) {
      it(describePath(path), () => assertInvariants(input, path))
    }
  })

  describe(`sync status model (${name}): every simple way to end a run`, () => {
    const paths = getSimplePaths(syncStatusMachine, {
      ...traversal,
      // Without the events that only multiply the same routes: a silent start, a flapping answer, a
      // change back to the first project.
      events: allEvents.filter((event) => !SIMPLE_PATH_REPEATS.has(label(event))),
      serializeState: (state: Snapshot) => JSON.stringify([state.value, state.context.attempts, state.context.project]),
      toState: (state: Snapshot) => END_RESULTS.some((result) => state.hasTag(result)),
    })

    it('finds a bounded number of paths', () => {
      expect(paths.length).toBeGreaterThan(5)
      expect(paths.length).toBeLessThan(3000)
    })

    // In groups, so that each test stays short on a busy machine.
    const GROUP = 200
    for (let start = 0; start < paths.length; start += GROUP) {
      const group = paths.slice(start, start + GROUP)
      it(`never polls more than the maximum in a run on any of them (${start + 1}–${start + group.length})`, () => {
        for (const path of group) assertInvariants(input, path)
      })
    }
  })
}

describe('sync status model: the real machine', () => {
  it('stops after exactly 300 polls when the servers never finish', () => {
    const events: Event[] = []
    for (let poll = 1; poll < MAX_SYNC_ATTEMPTS + 5; poll += 1) events.push(answered('working'), pollDue)
    const input: SyncStatusInput = { kind: 'project', project: 'alpha', autoStart: true }
    let state = initialTransition(syncStatusMachine, input)[0]
    let fetches = 1
    for (const event of events) {
      if (!state.can(event)) continue
      const [after, actions] = transition(syncStatusMachine, state, event)
      fetches += actions.filter((action) => action.type === 'xstate.spawnChild').length
      state = after
    }
    expect(fetches).toBe(MAX_SYNC_ATTEMPTS)
    expect(state.matches('warning')).toBe(true)
    expect(state.context.attempts).toBe(MAX_SYNC_ATTEMPTS)
  })
})
