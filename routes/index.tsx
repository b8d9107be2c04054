import { createFileRoute, Navigate } from '@tanstack/react-router'

/** Signed out, the root layout shows the sign-in page here; signed in, / leads to /home. */
export const Route = createFileRoute('/')({
  // Not split: signing out lands here, perhaps offline, and a restored page never fetched a chunk of this
  // route's; its component is a few bytes of the route tree instead.
  codeSplitGroupings: [],
  component: () => <Navigate to="/home" replace />,
})
