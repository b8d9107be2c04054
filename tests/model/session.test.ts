import { describe, expect, it } from 'vitest'
import { type EventFromLogic, initialTransition, type SnapshotFrom, transition } from 'xstate'
import { getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph'
import { sessionMachine } from '../../machines/session.ts'
import { sessionEvents } from '../../src/app/machine-registry.ts'
import { isUnavailableError } from '../../src/domain/availability.ts'
import { SESSION_MESSAGES } from '../../src/domain/session.ts'

type Snapshot = SnapshotFrom<typeof sessionMachine>
type Event = EventFromLogic<typeof sessionMachine>

const NOW = Date.UTC(2030, 0, 1)
const input = { now: () => NOW }

// The same events `npm run paths -- session` traverses with: one list for QA's paths and these tests.
const allEvents = sessionEvents as Event[]

/** Atomic states no path ends in; final states are left in the same step they are entered, so they do not count. */
function unreached(paths: StatePath<Snapshot, Event>[]): string[] {
  return getStateNodes(sessionMachine.root)
    .filter((node) => node.type === 'atomic')
    .filter((node) => !paths.some((path) => path.state._nodes.includes(node)))
    .map((node) => node.id)
}

const traversal = { input, events: allEvents, filterEvents: (state: Snapshot, event: Event) => state.can(event) }

interface Step {
  event: Event
  before: Snapshot
  after: Snapshot
  emitted: { type: string }[]
}

/** Replays a generated path with the pure `transition`, which also returns the emitted events. */
function replay(path: StatePath<Snapshot, Event>): Step[] {
  let [state] = initialTransition(sessionMachine, input)
  return path.steps.slice(1).map(({ event }) => {
    const [after, actions] = transition(sessionMachine, state, event)
    const emitted = actions.flatMap(({ type, params }: { type: string; params: unknown }) =>
      type === 'xstate.emit' ? [(params as { event: { type: string } }).event] : [],
    )
    const step = { event, before: state, after, emitted }
    state = after
    return step
  })
}

const label = (event: Event) =>
  event.type
    .replace('xstate.done.actor.', 'done:')
    .replace('xstate.error.actor.', 'error:')
    .replace(/^xstate\.after\.(\w+)\..*$/, 'after:$1')
    .replace('session.', '')

function describePath(path: StatePath<Snapshot, Event>): string {
  const events = path.steps.slice(1).map((step) => label(step.event))
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : 'start'}`
}

/** The invariants of spec section 4, checked on every state of a path. */
function assertInvariants(path: StatePath<Snapshot, Event>) {
  let validatedToken: string | null = null
  let permissionsLoadedFor: string | null = null
  let userAskedToSignIn = false
  const steps = replay(path)
  for (const { event, before, after, emitted } of steps) {
    const token = before.context.credentials?.token ?? null
    const type: string = event.type
    if (type === 'xstate.done.actor.login' || type === 'xstate.done.actor.validateToken') validatedToken = token
    // The platform records every `login` as a sign-in: only the user's own sign-in calls it.
    if (type === 'xstate.done.actor.login')
      expect(userAskedToSignIn, 'a restore signed in again instead of checking the stored token').toBe(true)
    if (type === 'xstate.done.actor.loadPermissions' && token === validatedToken) permissionsLoadedFor = token
    if (event.type === 'session.signInWithToken' || event.type === 'session.ssoCallback') userAskedToSignIn = true
    if (after.matches('loggedOut')) {
      validatedToken = null
      permissionsLoadedFor = null
    }

    if (after.hasTag('signedIn')) {
      expect(after.context.credentials?.token, 'signed in with a token login did not accept').toBe(validatedToken)
      expect(permissionsLoadedFor, 'signed in before the permissions of this token were loaded').toBe(validatedToken)
      expect(after.context.user).not.toBeNull()
    }
    if (after.matches('loggedOut')) {
      expect(after.context.user).toBeNull()
      expect(after.context.permissions).toEqual([])
      expect(after.hasTag('signedIn')).toBe(false)
    }
    // Restore diagnostics never reach the sign-in page.
    expect([SESSION_MESSAGES.noStoredToken, SESSION_MESSAGES.noOAuthToken]).not.toContain(after.context.error)
    for (const announcement of emitted) {
      if (announcement.type === 'session.signedIn') {
        expect(userAskedToSignIn, 'a restore must not announce a sign-in').toBe(true)
        expect(before.matches('restoring')).toBe(false)
        expect(after.hasTag('signedIn')).toBe(true)
      }
      if (announcement.type === 'session.signedOut') expect(after.matches('loggedOut')).toBe(true)
    }
  }
  expect(steps.at(-1)?.after.value ?? initialTransition(sessionMachine, input)[0].value).toEqual(path.state.value)
}

describe('session model: shortest path to every state', () => {
  const paths = getShortestPaths(sessionMachine, traversal)

  it('reaches every state of the machine', () => {
    expect(unreached(paths)).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), () => assertInvariants(path))
  }
})

describe('session model: every simple way to end up logged out', () => {
  // Keyed on the state value alone, so the paths differ by route, not by context: a bounded set.
  const paths = getSimplePaths(sessionMachine, {
    ...traversal,
    // The waits for an unavailable platform loop back to where they started: the shortest paths cover them.
    events: allEvents.filter(
      (event) =>
        !event.type.includes('Sso') &&
        !event.type.includes('session.expired') &&
        !event.type.includes('platformRetryInterval') &&
        !('error' in event && isUnavailableError(event.error)),
    ),
    serializeState: (state) => JSON.stringify(state.value),
    toState: (state) => state.matches('loggedOut'),
  })

  it('finds a bounded number of paths', () => {
    expect(paths.length).toBeGreaterThan(10)
    expect(paths.length).toBeLessThan(400)
  })

  for (const path of paths) {
    it(describePath(path), () => assertInvariants(path))
  }
})
