import { nextTask } from '../ui/nextTask.ts'
import { notify } from '../ui/Toaster.tsx'
import { applyTheme, readStoredTheme } from '../ui/theme.ts'
import { startConsole } from './console.ts'

/**
 * The console's own start, which src/main.tsx imports dynamically once the framework's modules have run:
 * this module's chunk (the start chunk: the machines, the router, the root layout) is evaluated in a task
 * of its own instead of in the framework's, and building the console is the next one. index.html preloads
 * its files beside the framework's (src/prerender.tsx), so the import costs no round trip.
 */
export async function bootConsole() {
  await nextTask()
  // index.html's inline script already put the stored theme on <html> before the first paint; this
  // keeps it and follows the system's for `system`.
  applyTheme(readStoredTheme())
  const started = await startConsole({
    notify: (message, options = {}) => notify(message, { kind: 'success', ...options }),
  })
  // The first page's code and loaders before React's first render: a render before them would commit
  // an empty page (the router's matches still pending), which removed index.html's copy of the sign-in
  // page (and anything typed into it) for as long as they took. The router, already loaded, does not
  // load again when it mounts; one whose load failed loads again then and shows what failed, as before.
  // Without a stored session the sign-in page's code is among them (routes/-shell/SignInFrame.tsx): it
  // keeps what was typed into index.html's copy of the page before this render replaces it.
  await started.router.load().catch((error: unknown) => console.error(error))
  return started
}
