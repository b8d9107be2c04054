import type { SnapshotFrom } from 'xstate'
import type { ProjectInfo } from '../src/domain/project.ts'
import type { projectMachine } from './project.ts'

type ProjectSnapshot = SnapshotFrom<typeof projectMachine>

export const selectProjectName = (state: ProjectSnapshot): string | null => state.context.project
export const selectProjectInfo = (state: ProjectSnapshot): ProjectInfo | null => state.context.info
export const selectProjectPermissions = (state: ProjectSnapshot): string[] => state.context.permissions
/** The project in the URL does not exist or is not the user's (`context.error` says so). */
export const selectIsProjectUnavailable = (state: ProjectSnapshot): boolean => state.hasTag('unavailable')
/** Its load failed: the shell says so in place of the page, which could only judge on no permissions. */
export const selectHasProjectFailed = (state: ProjectSnapshot): boolean => state.hasTag('error')
/** The project in the URL cannot be shown: not there for the user, or its load failed. */
export const selectIsProjectNotShown = (state: ProjectSnapshot): boolean =>
  state.hasTag('unavailable') || state.hasTag('error')
export const selectIsProjectBusy = (state: ProjectSnapshot): boolean => state.hasTag('busy')
/** The project is opening and its permissions have not arrived yet (what it allows is not known). */
export const selectArePermissionsPending = (state: ProjectSnapshot): boolean =>
  state.hasTag('busy') && state.context.permissions.length === 0
/** What the top bar names: nothing (so it offers the selection) for a project the user cannot open. */
export const selectProjectLabel = (state: ProjectSnapshot): string | null =>
  state.hasTag('unavailable')
    ? null
    : (state.context.info?.display_name ?? state.context.info?.name ?? state.context.project)
