import { type GeneratedPath, generateEntryPaths } from './machine-paths.ts'
import { MACHINES } from './machine-registry.ts'

/**
 * /debug's test paths (RESOURCES.md): every machine of the registry and, when asked, its shortest paths,
 * the same as `npm run paths -- <machine> --json`. Loaded only when the page asks for them, so neither
 * xstate/graph nor the registry is in any page's chunk.
 */
export function debugTools() {
  return {
    machines: Object.keys(MACHINES).sort(),
    paths(name: string): GeneratedPath[] {
      if (!Object.hasOwn(MACHINES, name)) throw new Error(`unknown machine: ${name}`)
      return generateEntryPaths(MACHINES[name as keyof typeof MACHINES])
    },
    /** What `npm run paths -- <machine> --json` prints. */
    pathsJson(name: string): string {
      return JSON.stringify(this.paths(name), null, 2)
    },
  }
}
export type DebugTools = ReturnType<typeof debugTools>
