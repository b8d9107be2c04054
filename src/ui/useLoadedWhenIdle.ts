import { useEffect, useState } from 'react'
import { useIdle } from './useIdle.ts'

/**
 * What `load` resolves to, asked for once the page is idle after its first paint (useIdle): null until
 * it arrives, and for good when it resolves to nothing (a chunk that failed to load, once the console has
 * asked for a reload). Rendered when it is there, without Suspense, whose reveal React holds back some
 * 300 ms. `load` must keep its identity between renders (module level, or useCallback).
 */
export function useLoadedWhenIdle<T>(load: () => Promise<T | null | undefined>): T | null {
  const idle = useIdle()
  const [loaded, setLoaded] = useState<T | null>(null)
  useEffect(() => {
    if (!idle) return
    let live = true
    void load().then((value) => {
      if (live && value) setLoaded(value)
    })
    return () => {
      live = false
    }
  }, [idle, load])
  return loaded
}
