import type { SnapshotFrom } from 'xstate'
import type { ProjectInfo } from '../src/domain/project.ts'
import type { projectMachine } from './project.ts'

type ProjectSnapshot = SnapshotFrom<typeof projectMachine>

export const selectProjectName = (state: ProjectSnapshot): string | null => state.context.project
export const selectProjectInfo = (state: ProjectSnapshot): ProjectInfo | null => state.context.info
export const selectProjectPermissions = (state: ProjectSnapshot): string[] => state.context.permissions
/** 'Error loading project info' after a failed load, else null. */
export const selectProjectError = (state: ProjectSnapshot): string | null => state.context.error
export const selectIsProjectBusy = (state: ProjectSnapshot): boolean => state.hasTag('busy')
export const selectProjectLabel = (state: ProjectSnapshot): string | null =>
  state.context.info?.display_name ?? state.context.info?.name ?? state.context.project
