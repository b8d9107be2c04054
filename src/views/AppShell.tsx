import { type ReactNode, useEffect, useRef } from 'react'
import { InsideMainLandmark } from '../ui/landmarks.tsx'

export type AppShellProps = {
  topBar: ReactNode
  /** Absent when no project is selected (spec section 2). */
  sidebar?: ReactNode
  children: ReactNode
  /** Dialogs, toasts and the progress bar: rendered outside the layout. */
  overlays?: ReactNode
  /** The page's path: on a new one, a focus left with the page before goes to the new page's main. */
  path: string
}

export const MAIN_CONTENT_ID = 'main-content'

export function AppShell({ topBar, sidebar, children, overlays, path }: AppShellProps) {
  const shown = useRef(path)
  // A page that goes with the focus in it (a form saved, a record deleted) would leave the keyboard on the
  // document's body, to start again from the top: the new page's main takes it, as a page load would put
  // it at the start of the page. A focus still on the screen (a link of the sidebar) stays; so does one the
  // new page gave a control of its own, as its effects run first.
  useEffect(() => {
    if (path === shown.current) return
    shown.current = path
    const focused = document.activeElement
    if (!focused?.isConnected || focused === document.body) document.getElementById(MAIN_CONTENT_ID)?.focus()
  }, [path])
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-[70] rounded-md bg-teal-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {topBar}
      <div className="flex min-h-0 flex-1">
        {sidebar}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-6">
          <InsideMainLandmark>{children}</InsideMainLandmark>
        </main>
      </div>
      {overlays}
    </div>
  )
}
