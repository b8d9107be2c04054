import { useCallback, useEffect, useState } from 'react'

export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]

/**
 * Deliberately not `wadp.`-prefixed: logout clears every `wadp.` key, and the colour scheme is a
 * preference of the browser, not of the signed-in user.
 */
export const THEME_STORAGE_KEY = 'theme'

const DARK_QUERY = '(prefers-color-scheme: dark)'

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

/** The stored preference, `system` when none (or storage is unavailable). */
export function readStoredTheme(): Theme {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY)
    return isTheme(stored) ? stored : 'system'
  } catch {
    return 'system'
  }
}

export function storeTheme(theme: Theme): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Private modes may refuse storage: the theme still applies for this page.
  }
}

let stopFollowingSystem: (() => void) | undefined

function setDark(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark)
}

/**
 * Puts `class="dark"` on <html> for `dark`, removes it for `light`, and for `system` follows
 * prefers-color-scheme, including later changes. Each call replaces the previous one's listener;
 * the returned function removes it too.
 */
export function applyTheme(theme: Theme): () => void {
  stopFollowingSystem?.()
  stopFollowingSystem = undefined
  if (theme !== 'system' || typeof window.matchMedia !== 'function') {
    setDark(theme === 'dark')
    return () => {}
  }
  const query = window.matchMedia(DARK_QUERY)
  const onChange = (event: MediaQueryListEvent) => setDark(event.matches)
  setDark(query.matches)
  query.addEventListener('change', onChange)
  const stop = () => query.removeEventListener('change', onChange)
  stopFollowingSystem = stop
  return () => {
    stop()
    if (stopFollowingSystem === stop) stopFollowingSystem = undefined
  }
}

/** The stored theme, applied to the document; the setter stores and applies the new choice. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(readStoredTheme)
  useEffect(() => applyTheme(theme), [theme])
  const choose = useCallback((next: Theme) => {
    storeTheme(next)
    setTheme(next)
  }, [])
  return [theme, choose]
}
