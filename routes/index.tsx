import { createFileRoute, Navigate } from '@tanstack/react-router'
import { isLocalRedirect } from '../src/domain/session.ts'

/**
 * Signed out, the root layout shows the sign-in page here; signed in, / leads to /home, or to the page the
 * sign-in page was to return to (`?redirect=`, a local path), where src/root/navigation.ts goes too.
 */
export const Route = createFileRoute('/')({
  // Not split: signing out lands here, perhaps offline, and a restored page never fetched a chunk of this
  // route's; its component is a few bytes of the route tree instead.
  codeSplitGroupings: [],
  component: () => {
    const back = Route.useSearch().redirect
    return <Navigate to="/home" href={isLocalRedirect(back) ? back : '/home'} replace />
  },
})
