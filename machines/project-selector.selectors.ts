import type { SnapshotFrom } from 'xstate'
import { PROJECT_SELECTOR_MESSAGES } from '../src/domain/project.ts'
import type { projectSelectorMachine } from './project-selector.ts'

type ProjectSelectorSnapshot = SnapshotFrom<typeof projectSelectorMachine>

export const selectIsSelectorOpen = (state: ProjectSelectorSnapshot): boolean => state.hasTag('open')
export const selectSelectorFilter = (state: ProjectSelectorSnapshot): string => state.context.filter

/** Where the project list stands, read from the machine's tags (closed: not loaded). */
export const selectSelectorStatus = (state: ProjectSelectorSnapshot): 'loading' | 'loaded' | 'failed' => {
  if (state.hasTag('error')) return 'failed'
  return state.hasTag('open') && !state.hasTag('busy') ? 'loaded' : 'loading'
}

/** What the table shows instead of rows, given how many projects there are and how many match the filter. */
export function selectorNotice(
  state: ProjectSelectorSnapshot,
  counts: { total: number; matching: number },
): string | null {
  if (!state.hasTag('open') || state.hasTag('busy')) return null
  if (state.hasTag('error') || counts.total === 0) return PROJECT_SELECTOR_MESSAGES.noProject
  return counts.matching === 0 ? PROJECT_SELECTOR_MESSAGES.noMatch : null
}
