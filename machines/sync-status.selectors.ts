import type { SnapshotFrom } from 'xstate'
import { type SyncKind, type SyncRow, syncRows } from '../src/domain/sync.ts'
import type { SyncResult, SyncStatusEmitted, syncStatusMachine } from './sync-status.ts'

type SyncStatusSnapshot = SnapshotFrom<typeof syncStatusMachine>

/** Spec section 8: the notification that reports an explicit check. */
export const SYNC_NOTIFICATION_TITLES: Record<SyncKind, string> = {
  project: 'Configuration Sync Status',
  admin: 'Admin Config Sync Status',
}
/** Spec section 9: sync results stay 10 s, twice the default. */
export const SYNC_NOTIFICATION_DURATION_MS = 10_000

export type SyncStatus = 'idle' | 'loading' | SyncResult

export const selectSyncStatus = (state: SyncStatusSnapshot): SyncStatus => {
  if (state.hasTag('busy')) return 'loading'
  if (state.hasTag('success')) return 'success'
  if (state.hasTag('warning')) return 'warning'
  if (state.hasTag('error')) return 'error'
  return 'idle'
}
/** The run's result message; null while it runs or before the first run. */
export const selectSyncMessage = (state: SyncStatusSnapshot): string | null => state.context.message
export const selectSyncAttempts = (state: SyncStatusSnapshot): number => state.context.attempts
export const selectSyncExplicit = (state: SyncStatusSnapshot): boolean => state.context.explicit

// Keyed on the context object, which changes only when the machine assigns: `useSelector` gets the same
// array back until the rows can differ, so the table does not re-render on every snapshot.
const rowsCache = new WeakMap<object, { finished: boolean; rows: SyncRow[] }>()

/** The table rows of the latest answer of this run; a node not updated by the end of a run shows a cross. */
export const selectSyncRows = (state: SyncStatusSnapshot): SyncRow[] => {
  const { latest, kind, seenUpdated } = state.context
  if (latest === null) return []
  const status = selectSyncStatus(state)
  const finished = status !== 'loading' && status !== 'idle'
  const cached = rowsCache.get(state.context)
  if (cached?.finished === finished) return cached.rows
  const rows = syncRows(latest.details, { kind, seenUpdated, finished })
  rowsCache.set(state.context, { finished, rows })
  return rows
}

/** Only a check the user triggered is worth interrupting them for (spec section 8). */
export const shouldNotify = (event: SyncStatusEmitted): boolean => event.explicit

export interface SyncNotification {
  title: string
  message: string
  result: SyncResult
  durationMs: number
}

/** The notification the app shows for a finished run, or null when it should stay silent. */
export function syncNotification(event: SyncStatusEmitted): SyncNotification | null {
  if (!shouldNotify(event)) return null
  return {
    title: SYNC_NOTIFICATION_TITLES[event.kind],
    message: event.message,
    result: event.result,
    durationMs: SYNC_NOTIFICATION_DURATION_MS,
  }
}
