import { createFileRoute, Navigate } from '@tanstack/react-router'

/** Signed out, the root layout shows the sign-in page here; signed in, / leads to /home. */
export const Route = createFileRoute('/')({
  component: () => <Navigate to="/home" replace />,
})
