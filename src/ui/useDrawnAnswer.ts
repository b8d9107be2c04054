import { useDeferredValue } from 'react'

/**
 * A query's answer as the page draws it. An answer comes through the query cache's store, whose updates
 * React draws in one piece, in one task (100-300 ms on a phone for a page of rows or a form). This deferred
 * copy follows the answer a render later, as a transition, which React splits into short tasks: draw from
 * it, and show the page's spinner while it is still `undefined` but the answer is there (issue 27).
 */
export function useDrawnAnswer<T>(answer: T | undefined): T | undefined {
  return useDeferredValue(answer)
}
