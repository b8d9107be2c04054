import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import {
  selectArePermissionsPending,
  selectIsProjectNotShown,
  selectProjectLabel,
  selectProjectName,
  selectProjectPermissions,
} from '../../machines/project.selectors.ts'
import { selectIsSelectorOpen } from '../../machines/project-selector.selectors.ts'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { allows, FEATURE_RULES } from '../../src/types/navigation.ts'

const root = getRouteApi('__root__')

/** What the signed-in layout reads of the session, the project and its selector. */
export function useShellFacts() {
  const { session, project, projectSelector } = root.useRouteContext().actors
  const projectName = useSelector(project, selectProjectName)
  // A project the user cannot open (or whose load failed) is no selected project: no sidebar, and what is
  // wrong in place of the page.
  const unavailable = useSelector(project, selectIsProjectNotShown)
  const projectLabel = useSelector(project, selectProjectLabel)
  const projectPermissions = useSelector(project, selectProjectPermissions)
  const permissionsPending = useSelector(project, selectArePermissionsPending)
  const sessionPermissions = useSelector(session, selectPermissions)
  const selectorOpen = useSelector(projectSelector, selectIsSelectorOpen)
  const hasProject = projectName !== null && !unavailable
  const permissions = hasProject ? projectPermissions : sessionPermissions
  // Its place is kept while the project opens: the top bar does not move when it appears. Without a
  // project there is nowhere to create the website: none.
  const quickSetup: 'shown' | 'pending' | 'hidden' = !hasProject
    ? 'hidden'
    : allows(permissions, FEATURE_RULES.quickSetup)
      ? 'shown'
      : permissionsPending
        ? 'pending'
        : 'hidden'
  return {
    projectName,
    unavailable,
    projectLabel,
    hasProject,
    /** The project's permissions where one is open, the session's otherwise. */
    permissions,
    sessionPermissions,
    /** Whether the top bar offers Quick Setup: `pending` while the project's permissions are on their way. */
    quickSetup,
    selectorOpen,
  }
}
