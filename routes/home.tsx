import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import {
  selectIsProjectBusy,
  selectProjectError,
  selectProjectInfo,
  selectProjectPermissions,
} from '../machines/project.selectors.ts'
import { visibleSidebar } from '../src/domain/navigation.ts'
import { HomePage } from '../src/views/HomePage.tsx'

const route = getRouteApi('/home')
// The panels load after Home's first paint: the heading and links never wait for their code or data.
const HomeOverview = lazy(() => import('./-home/HomeOverview.tsx'))

export const Route = createFileRoute('/home')({ component: Home })

function Home() {
  const { project } = route.useRouteContext({ select: (context) => context.actors })
  const info = useSelector(project, selectProjectInfo)
  const error = useSelector(project, selectProjectError)
  const busy = useSelector(project, selectIsProjectBusy)
  const permissions = useSelector(project, selectProjectPermissions)
  return (
    <HomePage
      project={info}
      loading={busy}
      error={error}
      sections={visibleSidebar(permissions).sections}
      overview={
        info ? (
          <Suspense fallback={null}>
            <HomeOverview project={info.name} />
          </Suspense>
        ) : null
      }
    />
  )
}
