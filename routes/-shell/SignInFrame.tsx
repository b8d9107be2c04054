import { lazy, useState } from 'react'
import { SESSION_STORED_CLASS } from '../../src/domain/session.ts'

// The sign-in page's code (its form, the field, the copy of index.html's form it takes over) is no part of
// the start: a stored session, restored, never shows it. Without one it is loaded before React's first
// render (the root route's loader, which the boot awaits; index.html preloads its files), which replaces
// index.html's copy of the page with it. Loaded when needed otherwise (a session that fails or ends), and
// once the shell is idle after its first paint (ShellFrame.tsx), so that signing out offline still shows it.
let signInModule: typeof import('./SignInScreen.tsx') | null = null

/** Fetches the sign-in page's module (once: the module is cached). */
export const loadSignIn = () =>
  import('./SignInScreen.tsx').then((module) => {
    signInModule = module
    return module
  })
const LazySignIn = lazy(() => loadSignIn().then((module) => ({ default: module.SignInScreen })))

/** The sign-in page's code, awaited before the first render where no session is stored (none to restore). */
export function loadSignInAhead(): Promise<void> | undefined {
  if (typeof document === 'undefined' || document.documentElement.classList.contains(SESSION_STORED_CLASS)) return
  return loadSignIn().then(() => undefined)
}

/**
 * The sign-in page, rendered directly when its module is already loaded, through lazy() otherwise; chosen
 * once each time it shows, so that it is never swapped for another component type while shown.
 */
export function SignInFrame() {
  const [SignIn] = useState(() => signInModule?.SignInScreen ?? LazySignIn)
  return <SignIn />
}
