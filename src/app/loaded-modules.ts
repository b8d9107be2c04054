/**
 * Modules the console imports dynamically, once something has imported them statically: every resource
 * page imports the resource tools (routes/-resources/useResourcePage.ts, which a list's loader imports
 * too), so that they download with the page's code.
 * `import()` of the same module would still ask for a file of its own (the bundler's entry for it, a line
 * re-exporting the tools' chunk), a round trip before the page can render; the module announces itself
 * here when it runs, and the console takes it from here instead (src/root/console.ts).
 */
// Untyped here: a type import of the module would make an import circle. src/root/console.ts reads
// it as the module's type.
export const loadedModules: { resources?: unknown } = {}
