import type { ReactNode } from 'react'
import { InsideMainLandmark } from '../ui/landmarks.tsx'

export type AppShellProps = {
  topBar: ReactNode
  /** Absent when no project is selected (spec section 2). */
  sidebar?: ReactNode
  children: ReactNode
  /** Dialogs, toasts and the progress bar: rendered outside the layout. */
  overlays?: ReactNode
}

export const MAIN_CONTENT_ID = 'main-content'

export function AppShell({ topBar, sidebar, children, overlays }: AppShellProps) {
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
