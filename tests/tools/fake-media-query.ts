import { vi } from 'vitest'

type Listener = (event: { matches: boolean }) => void

/**
 * Stubs `window.matchMedia` with one query whose answer is `matches()`: `tell()` tells its listeners the
 * current answer, as the browser does when a media query's answer changes.
 */
export function stubMatchMedia(matches: () => boolean) {
  const listeners = new Set<Listener>()
  const query = {
    get matches() {
      return matches()
    },
    addEventListener: (_: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
  }
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  )
  return {
    listeners,
    tell() {
      for (const listener of listeners) listener({ matches: query.matches })
    },
  }
}
