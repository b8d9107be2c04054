import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useCallback } from 'react'
import { selectIsProjectBusy, selectProjectInfo, selectProjectPermissions } from '../machines/project.selectors.ts'
import { selectPermissions } from '../machines/session.selectors.ts'
import type { OverviewTools } from '../src/app/overview.ts'
import { visibleSidebar } from '../src/types/navigation.ts'
import { nextTask } from '../src/ui/nextTask.ts'
import { useLoadedWhenIdle } from '../src/ui/useLoadedWhenIdle.ts'
import { HomePage } from '../src/views/HomePage.tsx'

const route = getRouteApi('/home')
export const Route = createFileRoute('/home')({ component: Home })

function Home() {
  const { actors } = route.useRouteContext()
  const project = actors.project
  const info = useSelector(project, selectProjectInfo)
  const busy = useSelector(project, selectIsProjectBusy)
  const permissions = useSelector(project, selectProjectPermissions)
  const platformPermissions = useSelector(actors.session, selectPermissions)
  const panels = useHomePanels()
  return (
    <HomePage
      project={info}
      loading={busy}
      sections={visibleSidebar(permissions, platformPermissions).sections}
      overview={info && panels ? <panels.Overview project={info.name} tools={panels.tools} /> : null}
    />
  )
}

type Panels = { Overview: typeof import('./-home/HomeOverview.tsx').default; tools: OverviewTools }

/**
 * The panels' code and their query tools, loaded together once the page is idle after its first paint:
 * the heading, the shell and the session's own requests never share the network or the main thread with
 * them, and the panels ask for their data as soon as their code has arrived.
 */
function useHomePanels(): Panels | null {
  const { overview } = route.useRouteContext()
  const load = useCallback(() => {
    // The tools' files are asked for a task after the panels': starting a file's request (its preload
    // link) is main-thread work, and the two sets together made one long task.
    const tools = nextTask().then(overview)
    return Promise.all([import('./-home/HomeOverview.tsx'), tools]).then(([module, loaded]) =>
      module ? { Overview: module.default, tools: loaded } : null,
    )
  }, [overview])
  return useLoadedWhenIdle(load)
}
