import { pathToFileURL } from 'node:url'
import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'
import { MACHINES, type MachineEntry } from './machine-registry.ts'

/**
 * `npm run paths -- <machine> [--json] [--simple]`: the paths xstate/graph generates for a machine of
 * the registry, as numbered steps (the event, then the state reached) for QA to review, or as JSON for
 * other tools. Shortest paths by default (one per reachable state); --simple lists every simple path.
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

function plainEvent(event: AnyEventObject): AnyEventObject {
  const error: unknown = event.error
  return error instanceof Error ? { ...event, error: { message: error.message } } : event
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

function isMachineName(name: string): name is keyof typeof MACHINES {
  return Object.hasOwn(MACHINES, name)
}

export const machineNames = (): string[] => Object.keys(MACHINES)

export function generatePaths(name: string, options: PathOptions = {}): GeneratedPath[] {
  if (!isMachineName(name)) throw new Error(`unknown machine: ${name}`)
  const entry: MachineEntry = MACHINES[name]
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
    : getShortestPaths(entry.machine, traversal)
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

export interface PathsResult {
  code: number
  output: string
}

/** The command without the process: arguments in, exit code and text out. */
export function runPaths(args: readonly string[]): PathsResult {
  const name = args.find((arg) => !arg.startsWith('--'))
  if (name === undefined || !isMachineName(name)) {
    const known = `Known machines: ${machineNames().join(', ')}`
    const usage = 'Usage: npm run paths -- <machine> [--json] [--simple]'
    return { code: 1, output: [name ? `Unknown machine '${name}'.` : usage, known].join('\n') }
  }
  const paths = generatePaths(name, { simple: args.includes('--simple') })
  const output = args.includes('--json') ? JSON.stringify(paths, null, 2) : formatPaths(name, paths)
  return { code: 0, output }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `npm run paths -- session | head` closes the pipe early: that is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  })
  const { code, output } = runPaths(process.argv.slice(2))
  if (code === 0) process.stdout.write(`${output}\n`)
  else process.stderr.write(`${output}\n`)
  process.exitCode = code
}
