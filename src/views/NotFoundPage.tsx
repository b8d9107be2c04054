import { Link } from '@tanstack/react-router'
import { PageMessageFrame } from '../ui/landmarks.tsx'
import { usePageTitle } from '../ui/usePageTitle.ts'

export function NotFoundPage() {
  usePageTitle('Page not found')
  return (
    <PageMessageFrame>
      <p className="font-mono text-5xl font-semibold text-teal-700 dark:text-teal-400">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      {/* Spec section 8's page error, beside section 2's heading. */}
      <p className="text-slate-600 dark:text-slate-300">This page could not be found</p>
      <Link
        to="/"
        className="rounded-md bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        Go to the homepage
      </Link>
    </PageMessageFrame>
  )
}
