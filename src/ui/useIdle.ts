import { useEffect, useState } from 'react'

/**
 * False until the browser is idle after the first paint (or a second has passed): what renders behind it
 * never shares the network or the main thread with the page's first paint.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 1000 })
      return () => window.cancelIdleCallback(handle)
    }
    const timer = window.setTimeout(() => setIdle(true), 200)
    return () => window.clearTimeout(timer)
  }, [])
  return idle
}
