import type { SnapshotFrom } from 'xstate'
import { typedNameMatches } from '../src/domain/tenancy-deletion.ts'
import type { tenancyDeletionMachine } from './tenancy-deletion.ts'

type Snapshot = SnapshotFrom<typeof tenancyDeletionMachine>

/** The preview on screen: while confirming, deleting, or after a failed delete. */
export const selectPreview = (snapshot: Snapshot) =>
  snapshot.matches('confirming') || snapshot.matches('deleting') || snapshot.matches('failed')
    ? snapshot.context.preview
    : null
export const selectIsBusy = (snapshot: Snapshot) => snapshot.hasTag('busy')
/** The delete button is enabled only once the name is typed again. */
export const selectCanDelete = (snapshot: Snapshot) =>
  (snapshot.matches('confirming') || snapshot.matches('failed')) &&
  typedNameMatches(snapshot.context.typed, snapshot.context.name)
export const selectError = (snapshot: Snapshot) => (snapshot.hasTag('error') ? snapshot.context.error : null)
/** Where the deletion flow is, as the page shows it. */
export const selectPhase = (snapshot: Snapshot) =>
  (['previewing', 'previewFailed', 'confirming', 'deleting', 'deleted', 'failed'] as const).find((phase) =>
    snapshot.matches(phase),
  ) ?? 'choosing'
