import type { SyncDetail } from '../../src/domain/sync.ts'

/** A node of a sync answer: up to date with nothing unusual unless `fields` says otherwise. */
export const syncNode = (endpoint: string, fields: Partial<SyncDetail> = {}): SyncDetail => ({
  endpoint,
  status_source: 'heartbeat',
  updated: false,
  maintenance: false,
  available: true,
  ...fields,
})
