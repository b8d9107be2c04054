import type { Draft } from '../../domain/resource-ui.ts'
import { revisionsOf, syncLabel } from './screen.ts'

// Apart from screen.ts, which the nodes list carries: only the node's detail page shows them.

/**
 * An edge agent node's `projects` (what its last report says it runs of each) in words, for the detail's
 * "Projects on this node"; anything else in their place reads as none.
 */
export function nodeProjectRows(value: unknown) {
  const lines = Array.isArray(value) ? value : []
  return lines
    .filter((line): line is Draft => typeof line === 'object' && line !== null && typeof line.project === 'string')
    .map((line) => ({
      project: String(line.project),
      revisions: revisionsOf(line),
      sync: syncLabel(line.sync_state),
      message: typeof line.sync_message === 'string' ? line.sync_message : null,
    }))
}
