import { useEffect, useState } from 'react'

/** How many pages wait for their answer or draw it (useDrawingAnswer), and what waits for them. */
let drawing = 0
let afterDrawing: (() => void)[] = []

/**
 * How long after an answer's commit (its effects, which React runs after the frame's paint) its frame is
 * taken to be on screen: on a phone (4x slower CPU) a record's fields were presented 25-70 ms after, and
 * the browser was idle in between, when the idle work's requests began.
 */
const ON_SCREEN_MS = 100

/** How long idle work waits at most for a page's answer. */
const LONGEST_WAIT_MS = 3000

function resumeWaiting() {
  if (drawing > 0) return
  const waiting = afterDrawing
  afterDrawing = []
  for (const resume of waiting) resume()
}

/**
 * Marks the page as waiting for its answer or drawing it while `pending` holds (useDrawnAnswer: its
 * deferred draw not yet committed): idle work (useIdle) waits until it is drawn and on screen, or
 * LONGEST_WAIT_MS have passed (an answer that never comes: an error, a query not asked). React draws an
 * answer in short tasks, and the browser finds idle time between them, before the answer's paint.
 */
export function useDrawingAnswer(pending: boolean): void {
  useEffect(() => {
    if (!pending) return
    drawing++
    let done = false
    const finish = () => {
      if (done) return
      done = true
      drawing--
      resumeWaiting()
    }
    const timer = window.setTimeout(finish, LONGEST_WAIT_MS)
    return () => {
      window.clearTimeout(timer)
      // The answer is committed: what waits resumes once its frame is on screen.
      window.setTimeout(finish, ON_SCREEN_MS)
    }
  }, [pending])
}

/**
 * False until the browser is idle after the first paint (or a second has passed) and no page waits for
 * its answer or draws it: what renders behind it never shares the network or the main thread with the
 * page's first paint, nor with the paint of its answer (a record's fields, a list's rows).
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    let cancel = () => {}
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(resume, { timeout: 1000 })
        cancel = () => window.cancelIdleCallback(handle)
      } else {
        const timer = window.setTimeout(resume, 200)
        cancel = () => window.clearTimeout(timer)
      }
    }
    // Idle, unless a page is drawing: then idle again once it has drawn.
    const resume = () => {
      if (drawing === 0) return setIdle(true)
      afterDrawing.push(whenIdle)
      cancel = () => {
        afterDrawing = afterDrawing.filter((waiting) => waiting !== whenIdle)
      }
    }
    whenIdle()
    return () => cancel()
  }, [])
  return idle
}
