import { pathToFileURL } from 'node:url'
import { formatPaths, type GeneratedPath, generateEntryPaths, type PathOptions } from '../../src/app/machine-paths.ts'
import { MACHINES } from '../../src/app/machine-registry.ts'

export { dottedState, eventLabel, formatPaths, type GeneratedPath, type PathStep } from '../../src/app/machine-paths.ts'

/**
 * `npm run paths -- <machine> [--json] [--simple]`: the paths xstate/graph generates for a machine of
 * the registry, as numbered steps (the event, then the state reached) for QA to review, or as JSON for
 * other tools. Shortest paths by default (one per reachable state); --simple lists every simple path.
 * The generation itself is src/app/machine-paths.ts, shared with the /debug page's download.
 */

function isMachineName(name: string): name is keyof typeof MACHINES {
  return Object.hasOwn(MACHINES, name)
}

export const machineNames = (): string[] => Object.keys(MACHINES)

export function generatePaths(name: string, options: PathOptions = {}): GeneratedPath[] {
  if (!isMachineName(name)) throw new Error(`unknown machine: ${name}`)
  return generateEntryPaths(MACHINES[name], options)
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
