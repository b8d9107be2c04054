import { Spinner } from '../ui/Spinner.tsx'
import { PageHeading } from './PageHeading.tsx'

/** Marks the sidebar's place in the frame, which index.html's copy hides when the address names no project. */
export const EARLY_SIDEBAR = 'data-early-sidebar'

const CHECKING = 'Checking your session…'

type SessionCheckScreenProps = {
  /**
   * The page's heading and the sentence under it ('' for none) as its address gives them (a list, an add
   * or edit page, a page whose heading is fixed: src/early-pages.ts). With
   * one, the frame shows: the top bar's place, the heading where the page will show it, under it what is
   * happening, in words. Without, the spinner alone, centred.
   */
  heading?: { title: string; description: string } | null | undefined
  /** The address names a project: the sidebar's place is kept on a wide screen, as the shell will show it. */
  sidebar?: boolean
}

/**
 * What shows while a stored session is checked. index.html carries the same markup (src/prerender.tsx),
 * shown from the first paint when a session is stored; React's first render puts this in its place.
 */
export function SessionCheckScreen({ heading, sidebar = false }: SessionCheckScreenProps) {
  if (heading == null) {
    return (
      <div className="grid min-h-screen place-items-center">
        <Spinner label={CHECKING} size="lg" />
      </div>
    )
  }
  return (
    <div className="flex min-h-screen flex-col">
      <div
        aria-hidden="true"
        className="h-14 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      />
      <div className="flex flex-1">
        {sidebar && (
          <div
            aria-hidden="true"
            {...{ [EARLY_SIDEBAR]: '' }}
            className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900"
          />
        )}
        <main className="min-w-0 flex-1 p-4 sm:p-6">
          <PageHeading title={heading.title} description={heading.description || undefined} />
          {/* In words, where the page's own "Loading …" will be. */}
          <div role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
            <Spinner size="lg" />
            {CHECKING}
          </div>
        </main>
      </div>
    </div>
  )
}
