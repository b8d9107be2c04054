import type { SnapshotFrom } from 'xstate'
import type { invalidationMachine } from './invalidation.ts'

type Snapshot = SnapshotFrom<typeof invalidationMachine>

export const selectDraft = (snapshot: Snapshot) => snapshot.context.draft
export const selectErrors = (snapshot: Snapshot) => snapshot.context.errors
export const selectMessage = (snapshot: Snapshot) => snapshot.context.message
export const selectIsSending = (snapshot: Snapshot) => snapshot.hasTag('busy')
export const selectIsConfirming = (snapshot: Snapshot) => snapshot.matches('confirming')
/** The request followed (or its last result), once the server accepted it. */
export const selectCurrent = (snapshot: Snapshot) => snapshot.context.current
