import { createRootRouteWithContext, Outlet, retainSearchParams, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import * as v from 'valibot'
import { selectIsResolving, selectIsSignedIn } from '../machines/session.selectors.ts'
import type { RouterContext } from '../src/app/router-context.ts'
import { SSO_CALLBACK_PATH } from '../src/domain/session.ts'
import { preloadPage } from '../src/page-chunks.ts'
import { Spinner } from '../src/ui/Spinner.tsx'
import { Toaster } from '../src/ui/Toaster.tsx'
import { NotFoundPage } from '../src/views/NotFoundPage.tsx'
import { SessionCheckScreen } from '../src/views/SessionCheckScreen.tsx'
import { loadShell, PlatformAvailability, Progress, ShellFrame } from './-shell/ShellFrame.tsx'
import { loadSignInAhead, SignInFrame } from './-shell/SignInFrame.tsx'

const SessionExpiredModal = lazy(() =>
  import('../src/views/SessionExpiredModal.tsx').then((module) => ({ default: module.SessionExpiredModal })),
)

const RootSearch = v.object({
  project: v.optional(v.string()),
  /** Opens the Session Expired dialog (spec section 2). */
  logout: v.optional(v.string()),
  /** A page to return to after sign-in; only local paths are kept (spec section 5). */
  redirect: v.optional(v.string()),
})

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: RootSearch,
  // Every file of the page the router starts loading, fetched at once (src/page-chunks.ts).
  beforeLoad: ({ location }) => preloadPage(location.pathname),
  // Without a stored session the first page is the sign-in page: its code before the first render.
  loader: () => loadSignInAhead(),
  // The selected project travels in ?project= and every link keeps it (spec section 2).
  search: { middlewares: [retainSearchParams(['project'])] },
  component: RootLayout,
})

function RootLayout() {
  const { actors, checkingHeading } = Route.useRouteContext()
  const resolving = useSelector(actors.session, selectIsResolving)
  // A stored session is being restored: fetch the shell meanwhile instead of after (the module is cached).
  if (resolving) void loadShell()
  const signedIn = useSelector(actors.session, selectIsSignedIn)
  const expired = Route.useSearch({ select: (search) => search.logout !== undefined })
  const projectInUrl = Route.useSearch({ select: (search) => search.project !== undefined })
  // index.html's heading is the first page's: not another's, should the browser go back while the session is checked.
  const onFirstPage = useRouterState({
    select: (state) => `/${state.location.pathname.split('/')[1]}` === checkingHeading?.page,
  })
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
        <SessionCheckScreen heading={onFirstPage ? checkingHeading : null} sidebar={projectInUrl} />
      ) : signedIn ? (
        <Suspense fallback={<Spinner label="Loading the console…" size="lg" />}>
          <ShellFrame>
            <Outlet />
          </ShellFrame>
        </Suspense>
      ) : unknownPage ? (
        <NotFoundPage />
      ) : (
        <Suspense fallback={<Spinner label="Loading…" size="lg" />}>
          <SignInFrame />
        </Suspense>
      )}
      {expired && (
        <Suspense fallback={null}>
          <SessionExpiredModal open onContinue={onContinue} />
        </Suspense>
      )}
      <PlatformAvailability session={actors.session} />
      <Toaster />
    </>
  )
}
