import type { SnapshotFrom } from 'xstate'
import type { secretRotationMachine } from './secret-rotation.ts'

type Snapshot = SnapshotFrom<typeof secretRotationMachine>

/** The question, while it asks or the rotation runs: whose secret, and why the last try failed. */
export const selectRotationQuestion = (snapshot: Snapshot) =>
  snapshot.hasTag('asking') ? { name: snapshot.context.name ?? '', error: snapshot.context.error } : null
export const selectIsRotating = (snapshot: Snapshot) => snapshot.hasTag('busy')
/** The new secret, while it is shown (once). */
export const selectRotatedSecret = (snapshot: Snapshot) =>
  snapshot.hasTag('secret') && snapshot.context.secret !== null
    ? { name: snapshot.context.name ?? '', secret: snapshot.context.secret }
    : null
