import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type LinkProps, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { selectSearchQuery, selectSearchText } from '../../machines/global-search.selectors.ts'
import { selectProjectLabel, selectProjectName, selectProjectPermissions } from '../../machines/project.selectors.ts'
import { selectIsSelectorOpen } from '../../machines/project-selector.selectors.ts'
import { selectAuthType, selectPermissions, selectUser } from '../../machines/session.selectors.ts'
import { allows, FEATURE_RULES, visibleSidebar } from '../../src/domain/navigation.ts'
import { searchResultPath } from '../../src/domain/project.ts'
import { useTheme } from '../../src/ui/theme.ts'
import { isWideViewport, useSidebarBreakpoint } from '../../src/ui/useSidebarBreakpoint.ts'
import { AppShell } from '../../src/views/AppShell.tsx'
import { ProfileMenu } from '../../src/views/ProfileMenu.tsx'
import { SearchBox, type SearchStatus } from '../../src/views/SearchBox.tsx'
import { Sidebar } from '../../src/views/Sidebar.tsx'
import { TopBar } from '../../src/views/TopBar.tsx'

const root = getRouteApi('__root__')
const ProjectSelector = lazy(() => import('./ProjectSelector.tsx'))
const AppVersions = lazy(() => import('./AppVersions.tsx'))
const PendingFeature = lazy(() => import('./PendingFeature.tsx'))

/** Paths come from the domain's navigation table; the router checks them at run time. */
const routePath = (to: string) => to as LinkProps['to']

/** The signed-in layout: top bar, sidebar (with a project), the dialogs they open, and the page. */
export default function Shell({ children }: { children: ReactNode }) {
  const { actors } = root.useRouteContext()
  const { session, project, projectSelector } = actors
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const projectName = useSelector(project, selectProjectName)
  const projectLabel = useSelector(project, selectProjectLabel)
  const projectPermissions = useSelector(project, selectProjectPermissions)
  const sessionPermissions = useSelector(session, selectPermissions)
  const permissions = projectName ? projectPermissions : sessionPermissions
  const [sidebarCollapsed, setSidebarCollapsed] = useState(() => !isWideViewport())
  useSidebarBreakpoint((wide) => setSidebarCollapsed(!wide))
  const [dialog, setDialog] = useState<'versions' | 'quickSetup' | 'sync' | null>(null)
  const selectorOpen = useSelector(projectSelector, selectIsSelectorOpen)
  // Dialogs load on first use, then stay mounted so closing can hand focus back to their opener.
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set())
  const opened = selectorOpen ? 'selector' : dialog
  if (opened && !loaded.has(opened)) setLoaded(new Set([...loaded, opened]))
  const sidebar = visibleSidebar(permissions)

  return (
    <AppShell
      topBar={
        <TopBar
          showQuickSetup={allows(permissions, FEATURE_RULES.quickSetup)}
          onQuickSetup={() => setDialog('quickSetup')}
          projectLabel={projectLabel ?? 'Select a project'}
          onOpenProjectSelector={() => projectSelector.send({ type: 'selector.open' })}
          search={<GlobalSearch />}
          showSyncStatus={allows(sessionPermissions, FEATURE_RULES.projectSyncStatus)}
          onSyncStatus={() => setDialog('sync')}
          profile={<Profile onShowAllVersions={() => setDialog('versions')} />}
          onToggleSidebar={() => setSidebarCollapsed((collapsed) => !collapsed)}
          sidebarCollapsed={sidebarCollapsed}
        />
      }
      sidebar={
        projectName ? (
          <Sidebar
            home={sidebar.home}
            sections={sidebar.sections}
            currentPath={pathname}
            collapsed={sidebarCollapsed}
            onToggle={() => setSidebarCollapsed((collapsed) => !collapsed)}
            renderLink={(link, content) => <Link to={routePath(link.to)}>{content}</Link>}
          />
        ) : undefined
      }
      overlays={
        <Suspense fallback={null}>
          {loaded.has('selector') && <ProjectSelector open={selectorOpen} />}
          {loaded.has('versions') && <AppVersions open={dialog === 'versions'} onClose={() => setDialog(null)} />}
          {loaded.has('quickSetup') && (
            <PendingFeature which="quickSetup" open={dialog === 'quickSetup'} onClose={() => setDialog(null)} />
          )}
          {loaded.has('sync') && (
            <PendingFeature which="sync" open={dialog === 'sync'} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      }
    >
      {children}
    </AppShell>
  )
}

function GlobalSearch() {
  const { actors, queries } = root.useRouteContext()
  const search = actors.globalSearch
  const text = useSelector(search, selectSearchText)
  const query = useSelector(search, selectSearchQuery)
  const status = useSelector(search, (state) => state.value as SearchStatus)
  const results = useQuery({ ...queries.search.results(query), enabled: false })
  return (
    <SearchBox
      text={text}
      query={query}
      status={status}
      results={results.data ?? []}
      onInput={(value) => search.send({ type: 'search.input', text: value })}
      onKeyUp={() => search.send({ type: 'search.keyUp' })}
      onClear={() => search.send({ type: 'search.clear' })}
      renderResultLink={(result, content) => (
        <Link
          to={routePath(searchResultPath(result))}
          search={{ project: result.project.name } as LinkProps['search']}
          onClick={() => search.send({ type: 'search.close' })}
        >
          {content}
        </Link>
      )}
    />
  )
}

function Profile({ onShowAllVersions }: { onShowAllVersions: () => void }) {
  const { actors, queries } = root.useRouteContext()
  const user = useSelector(actors.session, selectUser)
  const authType = useSelector(actors.session, selectAuthType)
  const permissions = useSelector(actors.session, selectPermissions)
  const version = useQuery(queries.platform.version())
  const [theme, setTheme] = useTheme()
  return (
    <ProfileMenu
      authType={authType ?? 'token'}
      user={user}
      version={version.data?.version}
      showAllVersions={allows(permissions, FEATURE_RULES.showAllVersions)}
      onShowAllVersions={onShowAllVersions}
      onRefreshPermissions={() => actors.session.send({ type: 'session.refreshPermissions' })}
      onSignOut={() => actors.session.send({ type: 'session.logout' })}
      theme={theme}
      onThemeChange={setTheme}
    />
  )
}
