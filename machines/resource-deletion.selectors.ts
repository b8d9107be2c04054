import type { SnapshotFrom } from 'xstate'
import type { resourceDeletionMachine } from './resource-deletion.ts'

type Snapshot = SnapshotFrom<typeof resourceDeletionMachine>

/** What the confirmation asks about, while it asks or deletes. */
export const selectPendingItems = (snapshot: Snapshot) =>
  snapshot.matches('confirming') || snapshot.matches('deleting') ? snapshot.context.items : null
export const selectIsDeleting = (snapshot: Snapshot) => snapshot.hasTag('busy')
export const selectResults = (snapshot: Snapshot) => (snapshot.matches('reporting') ? snapshot.context.results : null)
