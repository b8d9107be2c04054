import type { SnapshotFrom } from 'xstate'
import type { ipImportMachine } from './ip-import.ts'

type Snapshot = SnapshotFrom<typeof ipImportMachine>

export const selectIsOpen = (snapshot: Snapshot) => !snapshot.matches('closed')
export const selectText = (snapshot: Snapshot) => snapshot.context.text
export const selectMode = (snapshot: Snapshot) => snapshot.context.mode
export const selectIsImporting = (snapshot: Snapshot) => snapshot.hasTag('busy')
export const selectIsConfirmingReplace = (snapshot: Snapshot) => snapshot.matches('confirmingReplace')
export const selectReport = (snapshot: Snapshot) => (snapshot.matches('reported') ? snapshot.context.report : null)
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure
