import type { InspectionEvent } from 'xstate'

/**
 * The Stately inspector for `createActor(machine, { inspect })`, only in development and only when the
 * URL asks for it with `?inspect`. In a production build `import.meta.env.DEV` is the literal false, so
 * the bundler drops the branch and never emits a chunk for @statelyai/inspect.
 */
export async function inspectorIfRequested(search: string): Promise<((event: InspectionEvent) => void) | undefined> {
  if (import.meta.env.DEV && new URLSearchParams(search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect')
    const inspector = createBrowserInspector()
    return (event) => inspector.inspect.next?.(event)
  }
  return undefined
}
