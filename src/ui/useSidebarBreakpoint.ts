import { useEffect, useRef } from 'react'

/** Spec section 9: the sidebar auto-toggles at a window width of 1024 px. */
export const SIDEBAR_BREAKPOINT_PX = 1024
const WIDE_QUERY = `(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`

/** Whether the window is at least 1024 px wide now (false where matchMedia is missing). */
export function isWideViewport(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches
  )
}

/**
 * Calls `onChange(wide)` each time the window crosses 1024 px (not on mount: use `isWideViewport()`
 * for the initial state). The caller expands the sidebar when `wide` and collapses it otherwise. A
 * crossing between the first render and the listener's start (a window resized while the shell loads)
 * is reported when the listener starts.
 */
export function useSidebarBreakpoint(onChange: (wide: boolean) => void): void {
  const latest = useRef(onChange)
  latest.current = onChange
  const wideAtRender = useRef<boolean | null>(null)
  if (wideAtRender.current === null) wideAtRender.current = isWideViewport()
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined
    const query = window.matchMedia(WIDE_QUERY)
    const listener = (event: MediaQueryListEvent) => latest.current(event.matches)
    query.addEventListener('change', listener)
    if (query.matches !== wideAtRender.current) latest.current(query.matches)
    return () => query.removeEventListener('change', listener)
  }, [])
}
