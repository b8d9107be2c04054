import type { SnapshotFrom } from 'xstate'
import type { liveTrafficMachine } from './live-traffic.ts'

type Snapshot = SnapshotFrom<typeof liveTrafficMachine>

export const selectIsTrafficOpen = (snapshot: Snapshot) => snapshot.hasTag('open')
export const selectIsTrafficLive = (snapshot: Snapshot) => snapshot.hasTag('live')
export const selectIsTrafficConnecting = (snapshot: Snapshot) => snapshot.hasTag('connecting')
export const selectIsTrafficPaused = (snapshot: Snapshot) => snapshot.hasTag('paused')
export const selectTrafficLines = (snapshot: Snapshot) => snapshot.context.lines
export const selectTrafficReceived = (snapshot: Snapshot) => snapshot.context.received
/** Why the stream broke or was refused, while it waits to open again. */
export const selectTrafficError = (snapshot: Snapshot) =>
  snapshot.hasTag('broken') || snapshot.hasTag('refused') ? snapshot.context.error : null
/** Whether it opens again by itself (a broken stream), not only when the user asks (a refused one). */
export const selectIsTrafficRetrying = (snapshot: Snapshot) => snapshot.hasTag('broken')
