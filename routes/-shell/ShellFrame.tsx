import { useIsFetching } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { lazy, type ReactNode, useState } from 'react'
import type { RouterContext } from '../../src/app/router-context.ts'
import { SESSION_STORED_CLASS } from '../../src/domain/session.ts'
import { TopProgress } from '../../src/ui/TopProgress.tsx'
import { useLoadedWhenIdle, usePreloadWhenIdle } from '../../src/ui/useLoadedWhenIdle.ts'
import { loadSignIn } from './SignInFrame.tsx'

// The sign-in page needs neither the shell nor its dialogs: they load once someone is signed in. A shell
// loaded during the restore renders at once: through lazy() it would first show its fallback, and React
// then holds the fallback up to 300 ms before revealing the page.
let shellModule: typeof import('./Shell.tsx') | null = null

/** Fetches the shell's module (once: the module is cached). */
export const loadShell = () =>
  import('./Shell.tsx').then((module) => {
    shellModule = module
    return module
  })
const LazyShell = lazy(loadShell)
// A stored session (marked by index.html's inline script) will most likely be restored: fetch the shell
// alongside the session's requests.
if (typeof document !== 'undefined' && document.documentElement.classList.contains(SESSION_STORED_CLASS))
  void loadShell()

/**
 * The shell, rendered directly when its module is already loaded as a session signs in, through lazy()
 * otherwise; chosen once per sign-in. Switching later would be a different component type: React would
 * remount the shell and the page, losing focus, an open menu and whatever was typed.
 */
export function ShellFrame({ children }: { children: ReactNode }) {
  const [Shell] = useState(() => shellModule?.default ?? LazyShell)
  // The sign-in page, which signing out or an expired session shows, is there by then, also offline.
  usePreloadWhenIdle(loadSignIn)
  return <Shell>{children}</Shell>
}

/**
 * The bar at the top while a page loads or a query fetches. A component of its own: a query starting or
 * finishing renders the bar alone, not the shell and the page around it.
 */
export function Progress() {
  const navigating = useRouterState({ select: (state) => state.status === 'pending' })
  const fetching = useIsFetching() > 0
  return <TopProgress active={navigating || fetching} />
}

const loadAvailability = () => import('./PlatformAvailability.tsx').then((module) => ({ Watch: module.default }))

/**
 * The notice that the platform is unavailable (issue 25), watching from once the page is idle after its
 * first paint: it renders nothing until the platform fails to answer, so it need not load before that.
 */
export function PlatformAvailability({ session }: { session: RouterContext['actors']['session'] }) {
  const loaded = useLoadedWhenIdle(loadAvailability)
  return loaded ? <loaded.Watch session={session} /> : null
}
