import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import {
  selectIsProjectBusy,
  selectProjectError,
  selectProjectInfo,
  selectProjectPermissions,
} from '../machines/project.selectors.ts'
import type { OverviewTools } from '../src/app/overview.ts'
import { visibleSidebar } from '../src/domain/navigation.ts'
import { useIdle } from '../src/ui/useIdle.ts'
import { HomePage } from '../src/views/HomePage.tsx'

const route = getRouteApi('/home')
export const Route = createFileRoute('/home')({ component: Home })

function Home() {
  const { actors } = route.useRouteContext()
  const project = actors.project
  const info = useSelector(project, selectProjectInfo)
  const error = useSelector(project, selectProjectError)
  const busy = useSelector(project, selectIsProjectBusy)
  const permissions = useSelector(project, selectProjectPermissions)
  const panels = useHomePanels()
  return (
    <HomePage
      project={info}
      loading={busy}
      error={error}
      sections={visibleSidebar(permissions).sections}
      overview={info && panels ? <panels.Overview project={info.name} tools={panels.tools} /> : null}
    />
  )
}

type Panels = { Overview: typeof import('./-home/HomeOverview.tsx').default; tools: OverviewTools }

/**
 * The panels' code and their query tools, loaded together once the page is idle after its first paint:
 * the heading, the shell and the session's own requests never share the network or the main thread with
 * them. Rendered only when both are there (no Suspense, whose reveal React holds back some 300 ms), so
 * the panels ask for their data as soon as their code has arrived.
 */
function useHomePanels(): Panels | null {
  const { overview } = route.useRouteContext()
  const idle = useIdle()
  const [panels, setPanels] = useState<Panels | null>(null)
  useEffect(() => {
    if (!idle) return
    let live = true
    void Promise.all([import('./-home/HomeOverview.tsx'), overview()]).then(([module, tools]) => {
      // A chunk that failed to load resolves to nothing once the console has asked for a reload.
      if (live && module) setPanels({ Overview: module.default, tools })
    })
    return () => {
      live = false
    }
  }, [idle, overview])
  return panels
}
