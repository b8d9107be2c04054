import { useRef } from 'react'

/**
 * Runs an action unless one it started has not settled yet. A mutation's `isPending` reaches the page a
 * render later, so the second click of a double click found its button not yet busy and sent the request
 * again: the platform refused the copy (the record's revision had moved on) and the page said so, as if
 * the user's own first click had been someone else's change. Errors stay the mutation's to show.
 */
export function useOneAtATime(): (run: () => Promise<unknown>) => void {
  const running = useRef(false)
  return (run) => {
    if (running.current) return
    running.current = true
    run()
      .catch(() => {})
      .finally(() => {
        running.current = false
      })
  }
}
