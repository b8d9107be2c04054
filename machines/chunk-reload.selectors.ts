import type { SnapshotFrom } from 'xstate'
import type { chunkReloadMachine } from './chunk-reload.ts'

type ChunkReloadSnapshot = SnapshotFrom<typeof chunkReloadMachine>

/** The page is about to reload: a view may show a short notice instead of a broken screen. */
export const selectIsReloading = (state: ChunkReloadSnapshot): boolean => state.hasTag('reloading')
