import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectHasProjectFailed } from '../../machines/project.selectors.ts'
import { ProjectUnavailable, type ProjectUnavailableProps } from '../../src/views/ProjectUnavailable.tsx'

const root = getRouteApi('__root__')

/**
 * In place of the page while the project in the URL cannot be shown: it is not there for the user, or its
 * load failed (no answer, a time-out, a platform failure), which is said with a way to try again.
 */
export default function ProjectProblem(props: Omit<ProjectUnavailableProps, 'onRetry'>) {
  const { project } = root.useRouteContext().actors
  const failed = useSelector(project, selectHasProjectFailed)
  return (
    <ProjectUnavailable {...props} onRetry={failed ? () => project.send({ type: 'project.refresh' }) : undefined} />
  )
}
