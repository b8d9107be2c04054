import { type QueryClient, useIsFetching, useQueryClient } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, type ReactNode, useCallback, useState, useSyncExternalStore } from 'react'
import { selectIsPlatformUnavailable } from '../../machines/session.selectors.ts'
import type { RouterContext } from '../../src/app/router-context.ts'
import { SESSION_STORED_CLASS } from '../../src/domain/session.ts'
import { queryError } from '../../src/queries/errors.ts'
import { TopProgress } from '../../src/ui/TopProgress.tsx'
import { PlatformUnavailableNotice } from '../../src/views/PlatformUnavailableNotice.tsx'

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

/** Whether a query is asking an unavailable platform again right now (its last try got a 503, it retries). */
function retryingUnavailable(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.fetchStatus !== 'idle' && queryError.isUnavailable(query.state.fetchFailureReason))
}

/**
 * The notice that the platform is unavailable and that the console retries (issue 25): shown while a
 * query retries after a 503 (or no answer), or while the session's check or restore waits for the
 * platform; gone by itself once they get their answers, without a reload.
 */
export function PlatformAvailability({ session }: { session: RouterContext['actors']['session'] }) {
  const queryClient = useQueryClient()
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  )
  const queries = useSyncExternalStore(subscribe, () => retryingUnavailable(queryClient))
  const waiting = useSelector(session, selectIsPlatformUnavailable)
  return queries || waiting ? <PlatformUnavailableNotice /> : null
}
