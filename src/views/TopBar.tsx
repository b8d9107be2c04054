import type { ReactNode } from 'react'
import { Button } from '../ui/Button.tsx'

export type TopBarProps = {
  /**
   * `pending` while the project's permissions are on their way: the button's place is kept, unseen, so
   * that nothing beside it moves when it appears (on a phone the search gives way to it).
   */
  quickSetup: 'shown' | 'pending' | 'hidden'
  onQuickSetup: () => void
  /** The current project's display name, or 'Select a project'. */
  projectLabel: string
  onOpenProjectSelector: () => void
  search?: ReactNode
  showSyncStatus: boolean
  onSyncStatus: () => void
  profile?: ReactNode
  /** Omit to hide the sidebar toggle (there is no sidebar without a project). */
  onToggleSidebar?: () => void
  sidebarCollapsed?: boolean
}

/** The id of the element the sidebar toggle controls. */
export const SIDEBAR_ID = 'app-sidebar'

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm.75 4.5a.75.75 0 0 0 0 1.5h14.5a.75.75 0 0 0 0-1.5H2.75Z" />
    </svg>
  )
}

function SyncIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path d="M15.31 11.42a5.5 5.5 0 0 1-9.2 2.47l-.9-.9h2.04a.75.75 0 0 0 0-1.5H3.75a.75.75 0 0 0-.75.75v3.5a.75.75 0 0 0 1.5 0v-2.03l.9.9a7 7 0 0 0 11.71-3.14.75.75 0 1 0-1.45-.4Zm1.69-7.17a.75.75 0 0 0-1.5 0v2.03l-.9-.9A7 7 0 0 0 2.9 8.52a.75.75 0 0 0 1.45.4 5.5 5.5 0 0 1 9.2-2.47l.9.9h-2.04a.75.75 0 0 0 0 1.5h3.5A.75.75 0 0 0 17 8.1V4.25Z" />
    </svg>
  )
}

export function TopBar({
  quickSetup,
  onQuickSetup,
  projectLabel,
  onOpenProjectSelector,
  search,
  showSyncStatus,
  onSyncStatus,
  profile,
  onToggleSidebar,
  sidebarCollapsed = false,
}: TopBarProps) {
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-900">
      {onToggleSidebar && (
        <Button
          variant="ghost"
          size="sm"
          onClick={onToggleSidebar}
          aria-label="Toggle sidebar"
          aria-expanded={!sidebarCollapsed}
          aria-controls={SIDEBAR_ID}
          className="p-1.5"
        >
          <MenuIcon />
        </Button>
      )}
      <span className="mr-2 hidden font-semibold tracking-tight sm:inline">WADP Console</span>
      {/* One width on a phone, where the search beside it has no room to spare: the project's name
          replacing its short name as the project opens moves nothing. */}
      <Button
        variant="secondary"
        size="sm"
        onClick={onOpenProjectSelector}
        aria-haspopup="dialog"
        className="w-28 max-w-[14rem] shrink-0 truncate sm:w-auto"
      >
        <span className="sr-only">Project: </span>
        <span className="min-w-0 flex-1 truncate text-left">{projectLabel}</span>
      </Button>
      {quickSetup !== 'hidden' && (
        <Button
          size="sm"
          onClick={onQuickSetup}
          aria-haspopup="dialog"
          {...(quickSetup === 'pending' && { 'aria-hidden': true, tabIndex: -1, className: 'invisible' })}
        >
          Quick Setup
        </Button>
      )}
      <div className="ml-auto flex min-w-0 items-center gap-2">
        {search}
        {showSyncStatus && (
          <Button
            variant="ghost"
            size="sm"
            onClick={onSyncStatus}
            aria-label="Synchronization status"
            aria-haspopup="dialog"
            className="p-1.5"
          >
            <SyncIcon />
          </Button>
        )}
        {profile}
      </div>
    </header>
  )
}
