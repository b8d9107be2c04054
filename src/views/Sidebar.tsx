import { type ReactNode, useId, useState } from 'react'
import type { NavLink, NavSection } from '../types/navigation.ts'
import { isWideViewport } from '../ui/useSidebarBreakpoint.ts'
import { SIDEBAR_ID } from './TopBar.tsx'

export type SidebarProps = {
  /** From `visibleSidebar(permissions)`: spread its result. */
  home: NavLink | null
  sections: readonly NavSection[]
  /**
   * Renders one link (the route layer passes TanStack's Link so ?project= is kept). The link should be
   * a bare anchor: the list item styles it. `current` is true for the page being shown.
   */
  renderLink: (link: NavLink, children: ReactNode, current: boolean) => ReactNode
  currentPath: string
  collapsed: boolean
  onToggle: () => void
  /** Given when the user may check the admin config sync: a button beside Blocklist opens it. */
  onAdminSyncStatus?: () => void
}

/**
 * Whether `path` belongs to the link's screen: the list itself, its add, detail and edit pages
 * (`/websites-add`, `/website-detail/x`, `/iplist-edit/x`) and sub-pages (`/admin/projects-add`).
 */
export function isCurrentLink(to: string, path: string): boolean {
  const target = to.toLowerCase()
  const current = path.toLowerCase()
  if (current === target || current.startsWith(`${target}/`) || current.startsWith(`${target}-`)) return true
  const singular = target.replace(/s$/, '')
  return singular !== target && current.startsWith(`${singular}-`)
}

const LINK_CLASSES =
  'flex items-center justify-between rounded-md text-sm [&>a]:block [&>a]:flex-1 [&>a]:rounded-md [&>a]:px-3 [&>a]:py-1.5 [&>a]:text-slate-700 [&>a:hover]:bg-slate-100 [&>a]:focus-visible:outline-2 [&>a]:focus-visible:outline-teal-600 dark:[&>a]:text-slate-300 dark:[&>a:hover]:bg-slate-800 data-current:[&>a]:bg-teal-50 data-current:[&>a]:font-semibold data-current:[&>a]:text-teal-800 dark:data-current:[&>a]:bg-teal-950 dark:data-current:[&>a]:text-teal-200'

function Chevron() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="size-4 transition-transform group-aria-expanded:rotate-180"
    >
      <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
    </svg>
  )
}

/**
 * A section heading that shows and hides its links (the WAI-ARIA disclosure pattern). A plain button
 * rather than Headless UI's Disclosure, which would bring Headless UI into the always-visible shell.
 */
function CollapsibleSection({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(true)
  const panelId = useId()
  return (
    <div className="mb-1">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((isOpen) => !isOpen)}
          className="group flex w-full items-center justify-between rounded-md px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-slate-400 dark:hover:bg-slate-800"
        >
          {label}
          <Chevron />
        </button>
      </h2>
      <ul id={panelId} hidden={!open} className="flex flex-col gap-0.5">
        {children}
      </ul>
    </div>
  )
}

export function Sidebar({
  home,
  sections,
  renderLink,
  currentPath,
  collapsed,
  onToggle,
  onAdminSyncStatus,
}: SidebarProps) {
  // A sidebar that starts collapsed (a phone, a narrow window) renders its links the first time it opens,
  // not with the page: some thirty router links and a hundred elements nobody sees. Once shown they stay,
  // so each section keeps whether it is open.
  const [shown, setShown] = useState(!collapsed)
  if (!collapsed && !shown) setShown(true)

  function item(link: NavLink, extra?: ReactNode) {
    const current = isCurrentLink(link.to, currentPath)
    return (
      <li key={link.to} data-current={current || undefined} className={LINK_CLASSES}>
        {renderLink(link, link.label, current)}
        {extra}
      </li>
    )
  }

  // Collapsing hides this button: focus goes to the top bar's toggle, which opens the sidebar again.
  const collapse = () => {
    onToggle()
    document.querySelector<HTMLElement>(`[aria-controls="${SIDEBAR_ID}"]`)?.focus()
  }

  return (
    <nav
      id={SIDEBAR_ID}
      aria-label="Sidebar"
      hidden={collapsed}
      onKeyDown={(event) => {
        // Over the page (below 1024 px) it closes on Escape, as the dialogs and menus do.
        if (event.key === 'Escape' && !isWideViewport()) {
          event.preventDefault()
          collapse()
        }
      }}
      className="fixed inset-y-0 top-14 left-0 z-30 flex w-64 shrink-0 flex-col overflow-y-auto border-r border-slate-200 bg-white p-3 lg:sticky lg:h-[calc(100vh-3.5rem)] dark:border-slate-800 dark:bg-slate-900"
    >
      {shown && home && <ul className="mb-2">{item(home)}</ul>}
      {shown &&
        sections.map((section) => (
          <CollapsibleSection key={section.id} label={section.label}>
            {section.links.map((link) =>
              item(
                link,
                link.to === '/access-list' && onAdminSyncStatus ? (
                  <button
                    type="button"
                    onClick={onAdminSyncStatus}
                    aria-label="Blocklist synchronization status"
                    aria-haspopup="dialog"
                    className="ml-1 rounded-md p-1 text-slate-500 dark:text-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:hover:bg-slate-800"
                  >
                    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                      <path d="M10 3a7 7 0 1 0 7 7 .75.75 0 0 0-1.5 0A5.5 5.5 0 1 1 10 4.5a.75.75 0 0 0 0-1.5Zm3.25-.25a.75.75 0 0 0 0 1.5h1.44l-3.22 3.22a.75.75 0 1 0 1.06 1.06l3.22-3.22v1.44a.75.75 0 0 0 1.5 0v-3.25a.75.75 0 0 0-.75-.75h-3.25Z" />
                    </svg>
                  </button>
                ) : undefined,
              ),
            )}
          </CollapsibleSection>
        ))}
      <button
        type="button"
        onClick={collapse}
        className="mt-auto rounded-md px-3 py-1.5 text-left text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-slate-400 dark:hover:bg-slate-800"
      >
        Collapse sidebar
      </button>
    </nav>
  )
}
