import type { resourceTools } from './resources.ts'

/**
 * Modules the console imports dynamically, once something has imported them statically: every resource
 * page (routes/-resources/useResourcePage.ts) and a list's loader import the resource tools, so that
 * they download with the page's code.
 * `import()` of the same module would still ask for a file of its own (the bundler's entry for it, a line
 * re-exporting the tools' chunk), a round trip before the page can render; the module announces itself
 * here when it runs, and the console takes it from here instead (src/root/console.ts).
 */
export const loadedModules: { resources?: { resourceTools: typeof resourceTools } } = {}
