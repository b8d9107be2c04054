import { createFileRoute, getRouteApi, Link, type LinkProps } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import {
  selectIsProjectBusy,
  selectProjectError,
  selectProjectInfo,
  selectProjectPermissions,
} from '../machines/project.selectors.ts'
import { visibleSidebar } from '../src/domain/navigation.ts'
import { HomePage } from '../src/views/HomePage.tsx'

const route = getRouteApi('/home')

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
      renderLink={(link, content) => (
        <Link to={link.to as LinkProps['to']} className="text-teal-700 hover:underline dark:text-teal-400">
          {content}
        </Link>
      )}
    />
  )
}
