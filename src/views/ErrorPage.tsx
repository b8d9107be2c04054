import { Link } from '@tanstack/react-router'
import { PageMessageFrame } from '../ui/landmarks.tsx'
import { usePageTitle } from '../ui/usePageTitle.ts'

type ErrorPageProps = {
  /** Anything can be thrown, not only an Error. */
  error: unknown
  reset?: () => void
}

/** ofetch's FetchError carries the HTTP status; other errors have none worth showing. */
function statusOf(error: unknown): number | undefined {
  const status: unknown = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined
  return typeof status === 'number' ? status : undefined
}

/** What browsers say when a module of the page's code cannot be fetched (Chromium, Safari, Firefox). */
const CODE_NOT_LOADED = /dynamically imported module|Importing a module script failed|Unable to preload CSS/

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : null
  if (text === null) return 'An unexpected error occurred.'
  // The console reloads once on such a failure (spec section 4); this shows when that did not help.
  if (CODE_NOT_LOADED.test(text)) return "This page's code could not be loaded. Reload the page to try again."
  return text
}

export function ErrorPage({ error, reset }: ErrorPageProps) {
  const status = statusOf(error)
  usePageTitle('Something went wrong!')
  return (
    <PageMessageFrame>
      {status !== undefined && (
        <p className="font-mono text-5xl font-semibold text-red-700 dark:text-red-400">{status}</p>
      )}
      <h1 className="text-2xl font-semibold">Something went wrong!</h1>
      {/* Rendered as text on purpose: an error message may echo server or URL content. */}
      <p className="break-words text-slate-600 dark:text-slate-300">{messageOf(error)}</p>
      <div className="flex gap-3">
        {reset && (
          <button
            type="button"
            onClick={reset}
            className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Try again
          </button>
        )}
        <Link to="/" className="rounded-md bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800">
          Go to the homepage
        </Link>
      </div>
    </PageMessageFrame>
  )
}
