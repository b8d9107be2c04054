import type { SnapshotFrom } from 'xstate'
import { SEARCH_MESSAGES } from '../src/domain/project.ts'
import type { globalSearchMachine } from './global-search.ts'

type GlobalSearchSnapshot = SnapshotFrom<typeof globalSearchMachine>

export const selectSearchText = (state: GlobalSearchSnapshot): string => state.context.text
/** The submitted query: the key of the results in the QueryClient. */
export const selectSearchQuery = (state: GlobalSearchSnapshot): string => state.context.query
export const selectSearchMessage = (state: GlobalSearchSnapshot): string | null => {
  if (state.hasTag('empty')) return SEARCH_MESSAGES.noResults(state.context.query)
  if (state.hasTag('error')) return SEARCH_MESSAGES.failed
  return null
}
/** What the search box shows, read from the tags: nothing, typing, searching, the results, none, or a failure. */
export const selectSearchStatus = (
  state: GlobalSearchSnapshot,
): 'idle' | 'debouncing' | 'searching' | 'results' | 'empty' | 'failed' => {
  // Blank text is never searched (spec section 5): no spinner for it either.
  if (state.hasTag('typing')) return state.context.text.trim() === '' ? 'idle' : 'debouncing'
  if (state.hasTag('busy')) return 'searching'
  if (state.hasTag('results')) return 'results'
  if (state.hasTag('empty')) return 'empty'
  if (state.hasTag('error')) return 'failed'
  return 'idle'
}
