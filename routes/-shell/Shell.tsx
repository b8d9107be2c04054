import { getRouteApi, Link, type LinkProps, useRouterState } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { allows, FEATURE_RULES, visibleSidebar } from '../../src/types/navigation.ts'
import { isWideViewport, useSidebarBreakpoint } from '../../src/ui/useSidebarBreakpoint.ts'
import { AppShell } from '../../src/views/AppShell.tsx'
import { Sidebar } from '../../src/views/Sidebar.tsx'
import { TopBar } from '../../src/views/TopBar.tsx'
import { GlobalSearch } from './GlobalSearch.tsx'
import { Profile } from './Profile.tsx'
import { ShellDialogs, useShellDialogs } from './ShellDialogs.tsx'
import { useShellFacts } from './useShellFacts.ts'

// Shown only for a project that is not there, or failed to load: loaded then, not with every page.
const ProjectProblem = lazy(() => import('./ProjectProblem.tsx'))

const root = getRouteApi('__root__')

/** Paths come from the domain's navigation table; the router checks them at run time. */
const routePath = (to: string) => to as LinkProps['to']

/** The signed-in layout: top bar, sidebar (with a project), the dialogs they open, and the page. */
export default function Shell({ children }: { children: ReactNode }) {
  const { projectSelector } = root.useRouteContext().actors
  // The page shown: the location's once the router has loaded it (the one before stays until then).
  const pathname = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname })
  const facts = useShellFacts()
  const { projectName, unavailable, hasProject, permissions, sessionPermissions, selectorOpen } = facts
  const [sidebarCollapsed, setSidebarCollapsed] = useState(() => !isWideViewport())
  useSidebarBreakpoint((wide) => setSidebarCollapsed(!wide))
  const toggleSidebar = () => setSidebarCollapsed((collapsed) => !collapsed)
  // Below 1024 px the sidebar lies over the page: a link followed in it closes it, as a menu would.
  const [sidebarPath, setSidebarPath] = useState(pathname)
  if (pathname !== sidebarPath) {
    setSidebarPath(pathname)
    if (!sidebarCollapsed && !isWideViewport()) setSidebarCollapsed(true)
  }
  const { dialogs, showVersions, showSyncStatus, showAdminSyncStatus, openQuickSetup } = useShellDialogs(selectorOpen)
  const sidebar = visibleSidebar(permissions, sessionPermissions)
  const openProjectSelector = () => projectSelector.send({ type: 'selector.open' })

  return (
    <AppShell
      path={pathname}
      topBar={
        <TopBar
          quickSetup={facts.quickSetup}
          onQuickSetup={() => projectName && openQuickSetup(projectName)}
          projectLabel={facts.projectLabel ?? 'Select a project'}
          onOpenProjectSelector={openProjectSelector}
          search={<GlobalSearch />}
          showSyncStatus={allows(sessionPermissions, FEATURE_RULES.projectSyncStatus)}
          onSyncStatus={showSyncStatus}
          profile={<Profile onShowAllVersions={showVersions} />}
          onToggleSidebar={hasProject ? toggleSidebar : undefined}
          sidebarCollapsed={sidebarCollapsed}
        />
      }
      sidebar={
        hasProject ? (
          <Sidebar
            home={sidebar.home}
            sections={sidebar.sections}
            currentPath={pathname}
            collapsed={sidebarCollapsed}
            onToggle={toggleSidebar}
            renderLink={(link, content) => <Link to={routePath(link.to)}>{content}</Link>}
            onAdminSyncStatus={
              allows(sessionPermissions, { all: ['wadp.nodes.list'] }) ? showAdminSyncStatus : undefined
            }
          />
        ) : undefined
      }
      overlays={<ShellDialogs {...dialogs} />}
    >
      {/* The page would only ask the platform about a project that is not there, or judge on no permissions
      after a failed load: it is not rendered. */}
      {unavailable && projectName ? (
        <Suspense fallback={null}>
          <ProjectProblem project={projectName} onChooseProject={openProjectSelector} />
        </Suspense>
      ) : (
        children
      )}
    </AppShell>
  )
}
