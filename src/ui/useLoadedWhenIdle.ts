import { useEffect, useState } from 'react'
import { nextTask } from './nextTask.ts'
import { useIdle } from './useIdle.ts'

/**
 * What `load` resolves to, asked for a task after `when` is true: null until it arrives, and for good when
 * it resolves to nothing (a chunk that failed to load, once the console has asked for a reload). Rendered
 * when it is there, without Suspense, whose reveal React holds back some 300 ms. `load` must keep its
 * identity between renders (module level, or useCallback).
 */
export function useLoaded<T>(load: () => Promise<T | null | undefined>, when = true): T | null {
  const [loaded, setLoaded] = useState<T | null>(null)
  useEffect(() => {
    if (!when) return
    let live = true
    // Asked for in a task of its own: an import appends a preload link per file in the task that asks,
    // which, beside the effects of a page's first render, made one long task on a phone (issue 27).
    void nextTask()
      .then(() => (live ? load() : null))
      .then((value) => {
        if (live && value) setLoaded(value)
      })
    return () => {
      live = false
    }
  }, [when, load])
  return loaded
}

/**
 * `useLoaded`, asked for once the page is idle after its first paint (useIdle): what it renders never
 * shares the network or the main thread with the page's first paint.
 */
export function useLoadedWhenIdle<T>(load: () => Promise<T | null | undefined>): T | null {
  return useLoaded(load, useIdle())
}

/**
 * `load` asked for once the page is idle after its first paint and `when` holds, its result not kept:
 * code fetched ahead of its first use (a dialog's), which the page does not render again for when it
 * arrives. `load` must keep its identity between renders.
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>, when = true): void {
  const idle = useIdle()
  useEffect(() => {
    if (idle && when) void load()
  }, [idle, when, load])
}
