import { getRouteApi, Link, type LinkProps, useRouterState } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { allows, FEATURE_RULES, visibleSidebar } from '../../src/types/navigation.ts'
import { isWideViewport, useSidebarBreakpoint } from '../../src/ui/useSidebarBreakpoint.ts'
import { AppShell } from '../../src/views/AppShell.tsx'
import { Sidebar } from '../../src/views/Sidebar.tsx'
import { TopBar } from '../../src/views/TopBar.tsx'
import { GlobalSearch } from './GlobalSearch.tsx'
import { Profile } from './Profile.tsx'
import { useShellFacts } from './useShellFacts.ts'

// Shown only for a project that is not there: loaded then, not with every page.
const ProjectUnavailable = lazy(() =>
  import('../../src/views/ProjectUnavailable.tsx').then((module) => ({ default: module.ProjectUnavailable })),
)

const root = getRouteApi('__root__')
const ProjectSelector = lazy(() => import('./ProjectSelector.tsx'))
const AppVersions = lazy(() => import('./AppVersions.tsx'))
const QuickSetup = lazy(() => import('./QuickSetup.tsx'))
const SyncStatus = lazy(() => import('./SyncStatus.tsx'))

/** Paths come from the domain's navigation table; the router checks them at run time. */
const routePath = (to: string) => to as LinkProps['to']

/** The signed-in layout: top bar, sidebar (with a project), the dialogs they open, and the page. */
export default function Shell({ children }: { children: ReactNode }) {
  const { actors, quickSetup } = root.useRouteContext()
  const { projectSelector } = actors
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const { projectName, unavailable, projectLabel, hasProject, permissions, sessionPermissions, selectorOpen } =
    useShellFacts()
  const [sidebarCollapsed, setSidebarCollapsed] = useState(() => !isWideViewport())
  useSidebarBreakpoint((wide) => setSidebarCollapsed(!wide))
  const [dialog, setDialog] = useState<'versions' | 'sync' | 'adminSync' | null>(null)
  // Dialogs load on first use, then stay mounted so closing can hand focus back to their opener.
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set())
  const opened = selectorOpen ? 'selector' : dialog
  if (opened && !loaded.has(opened)) setLoaded(new Set([...loaded, opened]))
  // The wizard's machine loads with its dialog, on the first click: it opens once both are there.
  const openQuickSetup = () => {
    setLoaded((current) => (current.has('quickSetup') ? current : new Set([...current, 'quickSetup'])))
    void quickSetup().then((wizard) => wizard.send({ type: 'wizard.open', project: projectName ?? '' }))
  }
  const sidebar = visibleSidebar(permissions, sessionPermissions)
  const openProjectSelector = () => projectSelector.send({ type: 'selector.open' })

  return (
    <AppShell
      topBar={
        <TopBar
          showQuickSetup={!unavailable && allows(permissions, FEATURE_RULES.quickSetup)}
          onQuickSetup={openQuickSetup}
          projectLabel={projectLabel ?? 'Select a project'}
          onOpenProjectSelector={openProjectSelector}
          search={<GlobalSearch />}
          showSyncStatus={allows(sessionPermissions, FEATURE_RULES.projectSyncStatus)}
          onSyncStatus={() => {
            actors.projectSync.send({ type: 'sync.start', explicit: false })
            setDialog('sync')
          }}
          profile={<Profile onShowAllVersions={() => setDialog('versions')} />}
          onToggleSidebar={hasProject ? () => setSidebarCollapsed((collapsed) => !collapsed) : undefined}
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
            onToggle={() => setSidebarCollapsed((collapsed) => !collapsed)}
            renderLink={(link, content) => <Link to={routePath(link.to)}>{content}</Link>}
            onAdminSyncStatus={
              allows(sessionPermissions, { all: ['wadp.nodes.list'] })
                ? () => {
                    actors.adminSync.send({ type: 'sync.start', explicit: false })
                    setDialog('adminSync')
                  }
                : undefined
            }
          />
        ) : undefined
      }
      overlays={
        <Suspense fallback={null}>
          {loaded.has('selector') && <ProjectSelector open={selectorOpen} />}
          {loaded.has('versions') && <AppVersions open={dialog === 'versions'} onClose={() => setDialog(null)} />}
          {loaded.has('quickSetup') && <QuickSetup />}
          {loaded.has('sync') && <SyncStatus kind="project" open={dialog === 'sync'} onClose={() => setDialog(null)} />}
          {loaded.has('adminSync') && (
            <SyncStatus kind="admin" open={dialog === 'adminSync'} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      }
    >
      {/* The page would only ask the platform about a project that is not there: it is not rendered. */}
      {unavailable && projectName ? (
        <Suspense fallback={null}>
          <ProjectUnavailable project={projectName} onChooseProject={openProjectSelector} />
        </Suspense>
      ) : (
        children
      )}
    </AppShell>
  )
}
