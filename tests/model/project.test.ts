import { describe, expect, it } from 'vitest'
import { type EventFromLogic, initialTransition, type SnapshotFrom, transition } from 'xstate'
import { getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph'
import type { ProjectEmitted } from '../../machines/project.ts'
import { projectMachine } from '../../machines/project.ts'
import { projectEvents } from '../../src/app/machine-registry.ts'
import { PROJECT_MESSAGES, ProjectUnavailableError } from '../../src/domain/project.ts'
import { SESSION_MESSAGES } from '../../src/domain/session.ts'

type Snapshot = SnapshotFrom<typeof projectMachine>
type Event = EventFromLogic<typeof projectMachine>

const USER_ACTIONS = new Set(['project.select', 'project.clear'])

// The same events `npm run paths -- project` traverses with: one list for QA's paths and these tests.
const allEvents = projectEvents as Event[]

/** Atomic states no path ends in; final states are left in the same step they are entered, so they do not count. */
function unreached(paths: StatePath<Snapshot, Event>[]): string[] {
  return getStateNodes(projectMachine.root)
    .filter((node) => node.type === 'atomic')
    .filter((node) => !paths.some((path) => path.state._nodes.includes(node)))
    .map((node) => node.id)
}

const traversal = { events: allEvents, filterEvents: (state: Snapshot, event: Event) => state.can(event) }

interface Step {
  event: Event
  before: Snapshot
  after: Snapshot
  emitted: ProjectEmitted[]
}

/** Replays a generated path with the pure `transition`, which also returns the emitted events. */
function replay(path: StatePath<Snapshot, Event>): Step[] {
  let [state] = initialTransition(projectMachine)
  return path.steps.slice(1).map(({ event }) => {
    const [after, actions] = transition(projectMachine, state, event)
    const emitted = actions.flatMap(({ type, params }: { type: string; params: unknown }) =>
      type === 'xstate.emit' ? [(params as { event: ProjectEmitted }).event] : [],
    )
    const step = { event, before: state, after, emitted }
    state = after
    return step
  })
}

const label = (event: Event) => {
  const type = event.type.replace('xstate.done.actor.', 'done:').replace('xstate.error.actor.', 'error:')
  if (event.type === 'project.urlChanged') return `url(${event.project ?? '-'})`
  if (event.type === 'project.select') return `select(${event.name})`
  if ('error' in event && event.error instanceof ProjectUnavailableError) return `${type}(unavailable)`
  return type.replace('project.', '')
}

function describePath(path: StatePath<Snapshot, Event>): string {
  const events = path.steps.slice(1).map((step) => label(step.event))
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : 'start'}`
}

function assertInvariants(path: StatePath<Snapshot, Event>) {
  // The project the user chose and still waits for; any later URL change, clear or reset supersedes it.
  let chosen: string | null = null
  for (const { event, before, after, emitted } of replay(path)) {
    if (event.type === 'project.select') chosen = event.name
    if (event.type === 'project.clear' || event.type === 'project.reset') chosen = null
    if (event.type === 'project.urlChanged' && event.project !== before.context.project) chosen = null

    for (const announcement of emitted) {
      if (announcement.type === 'project.navigate') {
        const clearing = event.type === 'project.clear' && announcement.name === null
        expect(clearing || (chosen !== null && announcement.name === chosen), 'navigate without a user action').toBe(
          true,
        )
        chosen = null
      }
      if (announcement.type === 'project.defaulted') {
        expect(event.type).toBe('xstate.done.actor.findDefaultProject')
        expect(announcement.name).toBe(after.context.project)
      }
    }
    if (!USER_ACTIONS.has(event.type) && !event.type.startsWith('xstate.')) {
      expect(emitted.filter((e) => e.type === 'project.navigate')).toEqual([])
    }
    if (after.hasTag('noProject') || after.matches('awaitingUrl')) {
      expect(after.context).toEqual({ project: null, info: null, permissions: [], error: null })
    }
    if (after.hasTag('ready')) {
      expect(after.context.info).not.toBeNull()
      expect(after.context.project).not.toBeNull()
    }
    if (after.hasTag('error')) expect(after.context.error).toBe(SESSION_MESSAGES.projectInfoFailed)
    else if (after.hasTag('unavailable')) {
      expect(after.context.error).toBe(PROJECT_MESSAGES.unavailable(after.context.project ?? ''))
      expect(after.context.info).toBeNull()
      expect(after.context.permissions).toEqual([])
    } else expect(after.context.error).toBeNull()
    if (after.matches('opening') || after.matches('selecting')) expect(after.context.project).not.toBeNull()
  }
}

describe('project model: shortest path to every state', () => {
  const paths = getShortestPaths(projectMachine, traversal)

  it('reaches every state of the machine', () => {
    expect(unreached(paths)).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), () => assertInvariants(path))
  }
})

describe('project model: every simple path to a project being shown', () => {
  // A failed remember ends like a successful one; leaving it out halves the paths without losing a route.
  const paths = getSimplePaths(projectMachine, {
    ...traversal,
    events: allEvents.filter(({ type }: { type: string }) => type !== 'xstate.error.actor.rememberProject'),
    serializeState: (state) => JSON.stringify(state.value),
    toState: (state) => state.hasTag('ready'),
  })

  it('finds a bounded number of paths', () => {
    expect(paths.length).toBeGreaterThan(10)
    expect(paths.length).toBeLessThan(400)
  })

  for (const path of paths) {
    it(describePath(path), () => assertInvariants(path))
  }
})
