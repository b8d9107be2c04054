import { useDeferredValue } from 'react'
import { useDrawingAnswer } from './useIdle.ts'

/** What the first render draws from, even when the answer is already in the cache (see below). */
const NOT_YET: unique symbol = Symbol('not drawn yet')

/**
 * A query's answer as the page draws it. An answer comes through the query cache's store, whose updates
 * React draws in one piece, in one task (100-300 ms on a phone for a page of rows or a form). This deferred
 * copy follows the answer a render later, as a transition, which React splits into short tasks: draw from
 * it, and show the page's spinner while it is still `undefined` but the answer is there (issue 27). An
 * answer already there when the page mounts (index.html's script asked for it, or the cache had it) is
 * drawn the same way, a render after the first, not within the page's first render. Until it is drawn,
 * what waits for the page to be idle (useIdle: the profile menu's panel, a dialog's code) waits for it
 * too, a few seconds at most.
 */
export function useDrawnAnswer<T>(answer: T | undefined): T | undefined {
  const drawn = useDeferredValue<T | undefined | typeof NOT_YET>(answer, NOT_YET)
  const shown = drawn === NOT_YET ? undefined : drawn
  useDrawingAnswer(shown === undefined)
  return shown
}
