import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'
import type { MachineEntry } from './machine-registry.ts'

/**
 * The test paths of a machine of the registry, generated with xstate/graph: one implementation for
 * `npm run paths` (tests/tools/paths.ts) and the /debug page's download, which loads it only when asked
 * (src/app/debug.ts), so xstate/graph is in no page's chunk.
 */

export interface PathStep {
  /** The event as sent, errors reduced to their message so the JSON stays readable. */
  event: AnyEventObject
  label: string
  /** The state reached, as dotted paths of its active leaf states (several in a parallel state). */
  state: string
}

export interface GeneratedPath {
  description: string
  state: string
  steps: PathStep[]
}

export interface PathOptions {
  simple?: boolean
}

/** `{ a: { b: 'c' } }` → `a.b.c`; a parallel state gives one path per region, joined with ' + '. */
export function dottedState(value: StateValue): string {
  const leaves = (node: StateValue, prefix: string[]): string[] =>
    typeof node === 'string'
      ? [[...prefix, node].join('.')]
      : Object.entries(node).flatMap(([key, child]) =>
          child === undefined ? [[...prefix, key].join('.')] : leaves(child, [...prefix, key]),
        )
  return leaves(value, []).join(' + ')
}

/** A refusal (`refused: true`, the platform said no) is kept: the paths after it differ from a failure's. */
function plainEvent(event: AnyEventObject): AnyEventObject {
  const error: unknown = event.error
  if (!(error instanceof Error)) return event
  const refused = 'refused' in error && error.refused === true
  return { ...event, error: refused ? { message: error.message, refused } : { message: error.message } }
}

function compact(value: unknown): string {
  const text = JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** `listDomains done ["shop.example.com"]`, `createWebsite failed`, `after searchDebounce`, or the type and payload. */
export function eventLabel(entry: MachineEntry, event: AnyEventObject): string {
  const named = entry.label?.(event)
  if (named) return named
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type)
  if (done) return event.output === undefined ? `${done[1]} done` : `${done[1]} done ${compact(event.output)}`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type)
  if (error) return `${error[1]} failed`
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type)
  if (after) return `after ${after[1]}`
  const { type, ...payload } = event
  return Object.keys(payload).length === 0 ? type : `${type} ${compact(payload)}`
}

/** The paths xstate/graph generates for a registry entry: shortest (one per reachable state) or simple. */
export function generateEntryPaths(entry: MachineEntry, options: PathOptions = {}): GeneratedPath[] {
  const traversal = {
    input: entry.input,
    events: entry.events,
    // Only events the state accepts (guards included): a refused event is not a step a user can take.
    filterEvents: (state: AnyMachineSnapshot, event: AnyEventObject) => state.can(event),
  }
  const paths = options.simple
    ? getSimplePaths(entry.machine, {
        ...traversal,
        serializeState: (state) => entry.serializeState?.(state) ?? JSON.stringify(state.value),
      })
    : // A machine whose context grows with each event (live traffic's lines) says what tells its states
      // apart; the others are told apart by value and context, xstate/graph's default.
      getShortestPaths(entry.machine, entry.shortestBy ? { ...traversal, serializeState: entry.shortestBy } : traversal)
  return paths.map((path) => {
    const state = dottedState(path.state.value)
    const context = entry.describeContext?.(path.state)
    return {
      description: context ? `reaches ${state} (${context})` : `reaches ${state}`,
      state,
      // The first step is the initial state, reached by xstate.init.
      steps: path.steps.slice(1).map((step) => ({
        event: plainEvent(step.event),
        label: eventLabel(entry, step.event),
        state: dottedState(step.state.value),
      })),
    }
  })
}

export function formatPaths(name: string, paths: GeneratedPath[]): string {
  const blocks = paths.map((path, index) => {
    const steps = path.steps.map((step, i) => `  ${i + 1}. ${step.label} → ${step.state}`)
    const body = steps.length > 0 ? steps : ['  (the initial state)']
    return [`Path ${index + 1}: ${path.description}`, ...body].join('\n')
  })
  return [`${name}: ${paths.length} paths`, '', blocks.join('\n\n')].join('\n')
}
