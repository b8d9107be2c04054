import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, retainSearchParams, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import * as v from 'valibot'
import { selectIsResolving, selectIsSignedIn } from '../machines/session.selectors.ts'
import type { AdminTools } from '../src/app/admin.ts'
import type { ConsoleActors, ConsoleQueries } from '../src/app/console.ts'
import type { DebugTools } from '../src/app/debug.ts'
import type { OverviewTools } from '../src/app/overview.ts'
import type { QuickSetupActor } from '../src/app/quick-setup.ts'
import type { ResourceTools } from '../src/app/resources.ts'
import type { ToolTools } from '../src/app/tools.ts'
import { SSO_CALLBACK_PATH } from '../src/domain/session.ts'
import { Spinner } from '../src/ui/Spinner.tsx'
import { Toaster } from '../src/ui/Toaster.tsx'
import { NotFoundPage } from '../src/views/NotFoundPage.tsx'
import { loadShell, Progress, ShellFrame } from './-shell/ShellFrame.tsx'
import { SignInScreen } from './-shell/SignInScreen.tsx'

const SessionExpiredModal = lazy(() =>
  import('../src/views/SessionExpiredModal.tsx').then((module) => ({ default: module.SessionExpiredModal })),
)

export type RouterContext = {
  queryClient: QueryClient
  queries: ConsoleQueries
  actors: ConsoleActors
  /** The resource pages' queries and per-page machines (a form, a deletion), loaded with the first of them. */
  resources: () => Promise<ResourceTools>
  /** The Tool section's queries and machines (invalidation), loaded with the first of its pages. */
  tools: () => Promise<ToolTools>
  /** Home's panels: their queries, loaded after Home's first paint. */
  overview: () => Promise<OverviewTools>
  /** The Admin section's queries, loaded with the first of its pages. */
  admin: () => Promise<AdminTools>
  /** /debug's machine registry and path generation (xstate/graph), loaded only when the page asks. */
  debug: () => Promise<DebugTools>
  /** The quick-setup wizard's actor, created and started with the first use of the Quick setup button. */
  quickSetup: () => Promise<QuickSetupActor>
}

const RootSearch = v.object({
  project: v.optional(v.string()),
  /** Opens the Session Expired dialog (spec section 2). */
  logout: v.optional(v.string()),
  /** A page to return to after sign-in; only local paths are kept (spec section 5). */
  redirect: v.optional(v.string()),
})

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: RootSearch,
  // The selected project travels in ?project= and every link keeps it (spec section 2).
  search: { middlewares: [retainSearchParams(['project'])] },
  component: RootLayout,
})

function RootLayout() {
  const { actors } = Route.useRouteContext()
  const resolving = useSelector(actors.session, selectIsResolving)
  // A stored session is being restored: fetch the shell meanwhile instead of after (the module is cached).
  if (resolving) void loadShell()
  const signedIn = useSelector(actors.session, selectIsSignedIn)
  const expired = Route.useSearch({ select: (search) => search.logout !== undefined })
  // An unknown URL is a 404 for everyone (spec section 2); the SSO callback has no route of its own.
  const unknownPage = useRouterState({
    select: (state) => state.location.pathname !== SSO_CALLBACK_PATH && state.matches.some((match) => match._notFound),
  })
  // Continue signs out (the machine accepts it in any state), which also leaves for / without the flag.
  const onContinue = () => actors.session.send({ type: 'session.logout' })
  return (
    <>
      <Progress />
      {resolving ? (
        <div className="grid min-h-screen place-items-center">
          <Spinner label="Checking your session…" size="lg" />
        </div>
      ) : signedIn ? (
        <Suspense fallback={<Spinner label="Loading the console…" size="lg" />}>
          <ShellFrame>
            <Outlet />
          </ShellFrame>
        </Suspense>
      ) : unknownPage ? (
        <NotFoundPage />
      ) : (
        <SignInScreen />
      )}
      {expired && (
        <Suspense fallback={null}>
          <SessionExpiredModal open onContinue={onContinue} />
        </Suspense>
      )}
      <Toaster />
    </>
  )
}
